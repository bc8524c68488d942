import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { screenPopState } from '../../inbound';
import { popFromQuery } from '../screen-pop-query';

/**
 * /call-center/screen-pop?ani=&dnis=&callId= (decision 075): where a phone system, a softphone or the app's own pop
 * stream sends a CSR's browser when a call is answered. It goes on to the inbound search with the caller's number,
 * which opens the call, lists the customers or offers Add Call; this page is left out of the history.
 */
export default function ScreenPopPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pop = popFromQuery(params);

  useEffect(() => {
    if (pop) void navigate('/call-center/inbound', { replace: true, state: screenPopState(pop) });
  }, [pop, navigate]);

  if (pop) return null;
  return (
    <Stack maw={720} mx="auto" gap="sm">
      <Title order={1} size="h3">
        Screen pop
      </Title>
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="No caller number" role="alert">
        The phone system opened this page without the caller&apos;s number (ani). Search for the caller on Inbound
        Calls.
      </Alert>
    </Stack>
  );
}
