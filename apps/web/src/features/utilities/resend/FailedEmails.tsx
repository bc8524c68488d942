import { BusyButton } from '../../../components/BusyButton';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import type { FailedEmail } from '@cc/contract';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useFailedEmails, useResendWrites } from './api';
import { addressProblem, recipientsToFix, RESEND_TEXTS } from './model';

type Failed = z.infer<typeof FailedEmail>;

/** Fix the refused addresses of one message and resend it (through the outbox: retried, never sent twice). */
function FixRow({ email, onDone }: { email: Failed; onDone: (address: string) => void }) {
  const { one } = useResendWrites();
  const addresses = recipientsToFix(email);
  const [values, setValues] = useState<string[]>(addresses);
  const [errors, setErrors] = useState<(string | null)[]>([]);

  const resend = async () => {
    const problems = values.map(addressProblem);
    setErrors(problems);
    if (problems.some((p) => p !== null)) return;
    const corrections = addresses
      .map((from, i) => ({ from, to: (values[i] ?? from).trim() }))
      .filter((c) => c.to.toLowerCase() !== c.from.toLowerCase());
    try {
      const answer = await one.mutateAsync({ emailId: email.emailId, corrections });
      if (answer.resent) adminToast.success(RESEND_TEXTS.oneResent(answer.to));
      else adminToast.info(RESEND_TEXTS.notFailed);
      onDone(answer.to);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          addresses.map((_, i) => error.errors[`corrections.${i}.to`] ?? error.errors[`corrections.${i}.from`] ?? null),
        );
        adminToast.error(error.message, error);
      }
    }
  };

  return (
    <Stack gap={6} py={4}>
      {addresses.map((address, i) => (
        <TextInput
          key={address}
          size="xs"
          label={`New address for ${address}`}
          value={values[i] ?? ''}
          error={errors[i] ?? undefined}
          onChange={(event) => {
            const next = [...values];
            next[i] = event.currentTarget.value;
            setValues(next);
          }}
        />
      ))}
      <Group justify="flex-end">
        <BusyButton size="xs" onClick={() => void resend()} busy={one.isPending}>
          Resend This Email
        </BusyButton>
      </Group>
    </Stack>
  );
}

/**
 * Every message the outbox marked failed (of the caller's scope): recipients, subject, call, attempts and the
 * server's reason; each can be fixed and resent.
 */
export function FailedEmails({ onResent }: { onResent: () => void }) {
  const failed = useFailedEmails();
  const [fixing, setFixing] = useState<number | null>(null);
  if (failed.isPending) return <Loader size="sm" role="status" aria-label="Loading the failed emails" />;
  if (failed.isError) return <Alert color="red">The failed emails could not be loaded.</Alert>;
  const rows = failed.data.data;
  if (rows.length === 0) return <Text size="sm">No failed emails.</Text>;
  return (
    <Table.ScrollContainer minWidth={760} maxHeight={360}>
      <Table striped withTableBorder stickyHeader data-testid="failed-emails" fz="xs">
        <Table.Caption>
          {failed.data.total} failed email{failed.data.total === 1 ? '' : 's'}
          {failed.data.total > rows.length ? `, the newest ${rows.length} shown` : ''}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Queued</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Call</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((email) => (
            <Table.Tr key={email.emailId} data-testid={`failed-email-${email.emailId}`}>
              <Table.Td>{email.createdAt}</Table.Td>
              <Table.Td>
                {email.to}
                {email.cc && <Text fz="xs" c="gray.7">{`Cc: ${email.cc}`}</Text>}
              </Table.Td>
              <Table.Td>{email.subject}</Table.Td>
              <Table.Td>
                {email.callId === null ? '' : `${email.callId}${email.branchNo ? ` (${email.branchNo})` : ''}`}
              </Table.Td>
              <Table.Td>{email.attempts}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap', maxWidth: 260 }}>{email.lastError}</Table.Td>
              <Table.Td miw={220}>
                {fixing === email.emailId ? (
                  <FixRow
                    email={email}
                    onDone={() => {
                      setFixing(null);
                      onResent();
                    }}
                  />
                ) : (
                  <Button size="xs" variant="light" onClick={() => setFixing(email.emailId)}>
                    Fix and Resend
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
