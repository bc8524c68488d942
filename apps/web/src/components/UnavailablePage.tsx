import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Shown for a screen whose feature is not part of this build yet: honest, not a broken page. */
export default function UnavailablePage() {
  const location = useLocation();
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Not available yet
        </Title>
        <Text c="dimmed">
          The screen at <code>{location.pathname}</code> is not part of this version of the application.
        </Text>
        <Button component={Link} to="/dashboard" variant="light" w="fit-content">
          Back to the dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
