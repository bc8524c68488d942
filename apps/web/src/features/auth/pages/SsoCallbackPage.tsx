import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { finishSso, startSso } from '../api/sso';

/** The return's query is read once per page load, however often the page renders (React's strict mode included). */
let finishing: { query: string; result: ReturnType<typeof finishSso> } | null = null;

/**
 * /signin-oidc, where the identity server sends the browser back (decision 038): the return is handed to the server at
 * once and the code leaves the address bar; then the user goes where they were going. A refused return says why.
 */
export default function SsoCallbackPage() {
  const navigate = useNavigate();
  // Without a return to read (the address typed by hand), there is nothing to finish.
  const [error, setError] = useState<string | null>(() =>
    window.location.search || finishing ? null : 'This sign-in could not be accepted. Please sign in again.',
  );

  useEffect(() => {
    const query = window.location.search.slice(1);
    if (!finishing || (query && finishing.query !== query)) {
      if (!query) return;
      finishing = { query, result: finishSso(query) };
      window.history.replaceState(null, '', '/signin-oidc');
    }
    let live = true;
    finishing.result.then(
      (response) => {
        if (live) void navigate(response.target, { replace: true });
      },
      (failure: unknown) => {
        if (live) setError(failure instanceof Error ? failure.message : 'The sign-in failed.');
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!error) {
    return (
      <Center h={240}>
        <Loader role="status" aria-label="Signing you in" />
      </Center>
    );
  }
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <Title order={1} size="h2">
        Sign-in
      </Title>
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The sign-in was refused">
        {error}
      </Alert>
      <Button onClick={() => void startSso('/dashboard')} w="fit-content">
        Sign in again
      </Button>
    </Stack>
  );
}
