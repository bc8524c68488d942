import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Paper withBorder p="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          Page not found
        </Title>
        <Text c="dimmed">There is no screen at this address.</Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          Go to the start page
        </Button>
      </Stack>
    </Paper>
  );
}
