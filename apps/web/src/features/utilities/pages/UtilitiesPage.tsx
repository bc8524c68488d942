import { Suspense, useState } from 'react';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { mayCall } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { UTILITIES, type Utility } from '../utilities';
import { PAGE_WIDTH } from '../../../components/page-width';

/**
 * /call-center/Utilities (administration.md §2, §4): one card per utility; each opens its dialog. Roles 2, 5, 6 and 7
 * (and 1) enter; the server checks the same rule on every call under /api/Utilities/. A utility that needs a
 * permission besides (Import CSV: Utilities.ImportCalls) is shown only to users who hold it.
 */
export default function UtilitiesPage() {
  const [open, setOpen] = useState<Utility | null>(null);
  const user = useSession()?.user ?? null;
  const utilities = UTILITIES.filter((u) => u.access === undefined || mayCall(u.access, user));
  const Dialog = open?.dialog;
  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <div>
        <Title order={1} size="h3">
          Call Centre Utilities
        </Title>
        <Text size="sm" c="gray.7">
          The call lists, callbacks, franchise settings, emails and phone lines your account may look after.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {utilities.map((utility) => (
          <Card key={utility.key} withBorder padding="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Title order={2} size="h5">
                  {utility.label}
                </Title>
                <Text size="sm" c="gray.7">
                  {utility.description}
                </Text>
              </div>
              <Group>
                <Button data-testid={`open-${utility.key}`} onClick={() => setOpen(utility)}>
                  {utility.label}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {Dialog && (
        <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
          <Dialog opened onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
