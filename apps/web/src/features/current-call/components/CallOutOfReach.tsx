import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api';

/**
 * The server's answer to a customer or franchise outside the user's branches: it says "not found" (404), as it does
 * for one that does not exist, so that a link cannot tell the two apart; a 403 is the same refusal.
 */
export function isOutOfReach(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/**
 * In place of the call screen when the call's customer or franchise is not the user's to work with: one refusal,
 * with the way back, rather than the screen's every panel failing on its own.
 */
export function CallOutOfReach({
  sqldbid,
  customerNo,
  outbound,
  onBack,
}: {
  sqldbid: number;
  customerNo: number;
  outbound: boolean;
  onBack: () => void;
}) {
  const what =
    customerNo > 0
      ? `Customer ${customerNo} of franchise ${sqldbid} is not found among the customers of the branches you work with.`
      : `Franchise ${sqldbid} is not found among the franchises you work with.`;
  return (
    <Stack maw={640} mx="auto" mt="xl" data-testid="call-out-of-reach">
      <Alert color="red" icon={<IconLock size={18} />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            This call cannot be opened
          </Title>
          <Text>
            {what} Check the numbers, or ask an administrator to give you the branch if its calls are yours to take.
          </Text>
          <Button leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            {outbound ? 'Back to the list' : 'Back to the search'}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
