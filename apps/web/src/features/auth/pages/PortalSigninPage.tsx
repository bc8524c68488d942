import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { clientConfigQuery } from '../../../app/client-config';
import { startSso } from '../api/sso';

/**
 * /portalsignin starts the identity server's sign-in when there is one (decision 038), and otherwise goes to the
 * public home with noAuth set; a signed-in user goes to the dashboard.
 */
export default function PortalSigninPage() {
  const current = useSession();
  const { data: config, isError } = useQuery(clientConfigQuery);
  const sso = !current && config?.sso === true;

  useEffect(() => {
    if (sso) void startSso('/dashboard');
  }, [sso]);

  if (current) return <Navigate to="/dashboard" replace />;
  if (isError || (config && !config.sso)) return <Navigate to="/?noAuth=true" replace />;
  return (
    <Center h={240}>
      <Loader role="status" aria-label="Going to the sign-in" />
    </Center>
  );
}
