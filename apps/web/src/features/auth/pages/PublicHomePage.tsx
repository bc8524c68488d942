import { useEffect } from 'react';
import { Navigate, useOutletContext, useSearchParams } from 'react-router';
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhoneIncoming, IconPhoneOutgoing, IconRuler2 } from '@tabler/icons-react';
import { useSession, useSessionExpired } from '../../../lib/session';
import type { AuthDialog } from '../components/AuthDialogs';
import { useClientConfig } from '../../../app/client-config';

const FEATURES = [
  {
    icon: IconPhoneIncoming,
    title: 'Inbound calls',
    text: 'Find the customer, see history and pricing, quote and close.',
  },
  { icon: IconPhoneOutgoing, title: 'Outbound lists', text: 'Cancels, upsells, surveys, web leads and callbacks.' },
  { icon: IconRuler2, title: 'MeasureIt', text: 'Measure lawns on the satellite map.' },
];

/**
 * The public home: opens the sign-in dialog (or the sign-up dialog when /signup sent the user here); a signed-in
 * user goes to the dashboard.
 */
export default function PublicHomePage() {
  const current = useSession();
  const expired = useSessionExpired();
  const { openAuthDialog } = useOutletContext<{ openAuthDialog: (d: AuthDialog) => void }>();
  const { signupEnabled } = useClientConfig();
  const [search] = useSearchParams();
  const dialog: AuthDialog = search.get('dialog') === 'signup' && signupEnabled ? 'signup' : 'signin';

  useEffect(() => {
    if (!current && !expired) openAuthDialog(dialog);
  }, [current, expired, openAuthDialog, dialog]);

  if (current) return <Navigate to="/dashboard" replace />;
  return (
    <Stack maw={880} mx="auto" mt="xl" gap="xl">
      <Stack gap="xs">
        <Title order={1}>Call Centre</Title>
        <Text size="lg" c="dimmed">
          The workplace of the lawn-care and pest-control network&apos;s customer service representatives.
        </Text>
        <Group mt="sm">
          <Button size="md" onClick={() => openAuthDialog('signin')}>
            Sign in
          </Button>
          {signupEnabled && (
            <Button size="md" variant="default" onClick={() => openAuthDialog('signup')}>
              Sign up
            </Button>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {FEATURES.map((f) => (
          <Paper key={f.title} withBorder p="lg">
            <ThemeIcon variant="light" size="lg" mb="sm">
              <f.icon size={20} />
            </ThemeIcon>
            <Text fw={600}>{f.title}</Text>
            <Text size="sm" c="dimmed">
              {f.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
