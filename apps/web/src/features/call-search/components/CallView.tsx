import { Alert, Badge, Button, Drawer, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPhoneCall } from '@tabler/icons-react';
import type { CallSearchRow, CallViewResponse } from '@cc/contract';
import { buildFullAddress, callTypeDisplayName, displayZip } from '@cc/domain';
import { useCallView } from '../api/view';

export interface CallViewProps {
  /** The row opened in the grid; null when none is. */
  row: CallSearchRow | null;
  onClose: () => void;
  /** Work the call on the call screen (every rule of opening a call applies there); absent when the user may not. */
  onWork?: ((row: CallSearchRow) => void) | undefined;
}

/**
 * A call opened from Call Search, read-only (decision 066): the call, its customer and the customer's history with
 * results and notes. Looking takes no lock and changes nothing; 'Work this call' goes to the call screen, which opens
 * the call as any other opening does (the lock, 'Active Call Encountered', do-not-call).
 */
export function CallView({ row, onClose, onWork }: CallViewProps) {
  const view = useCallView(row?.OutboundId ?? null);
  const workable = row !== null && row.cust_No !== null && row.cust_No > 0;
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={row ? `Call ${row.OutboundId}: ${[row.FirstName, row.LastName].join(' ').trim()}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="call-view"
    >
      {row === null ? null : view.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading the call…</Text>
        </Group>
      ) : view.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="The call could not be shown">
          {view.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Badge variant="outline" color="dark" data-testid="call-view-read-only">
              Read-only: looking does not take the call
            </Badge>
            {onWork && workable ? (
              <Button
                leftSection={<IconPhoneCall size={16} />}
                onClick={() => onWork(row)}
                data-testid="call-view-work"
              >
                Work this call
              </Button>
            ) : null}
          </Group>
          <CallFacts data={view.data} />
          <CustomerFacts data={view.data} />
          <History data={view.data} />
        </Stack>
      )}
    </Drawer>
  );
}

function Facts({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing="xs" withRowBorders={false} data-testid={testId}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={500} c="gray.7" w={150}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CallFacts({ data }: { data: CallViewResponse }) {
  const c = data.call;
  return (
    <section aria-labelledby="call-view-call">
      <Title order={2} size="h5" id="call-view-call" mb={4}>
        The call
      </Title>
      <Facts
        testId="call-view-call"
        rows={[
          ['Type', callTypeDisplayName(c.Type)],
          ['Status', c.CallStatus || '—'],
          ['Complete', c.callComplete ? 'Yes' : 'No'],
          ['Branch', c.branchNo],
          ['Call target', c.callBackDate ?? '—'],
          ['Callback CSR', c.callBackCSRName || '—'],
          ['Last accessed', c.lastAccessDate ?? '—'],
          ['Last worked by', c.agentName || '—'],
          ['Attempts', String(c.CallAttempts)],
        ]}
      />
    </section>
  );
}

function CustomerFacts({ data }: { data: CallViewResponse }) {
  const u = data.customer;
  return (
    <section aria-labelledby="call-view-customer">
      <Title order={2} size="h5" id="call-view-customer" mb={4}>
        Customer
      </Title>
      {u ? (
        <Facts
          testId="call-view-customer"
          rows={[
            ['Name', [u.firstName, u.lastName].join(' ').trim()],
            ['Customer No', String(u.customerNo)],
            ['Type', u.customerType],
            ['Address', buildFullAddress(u.address, u.city, u.state, displayZip(u.zip))],
            ['Email', u.email || '—'],
            ['Phone', [u.homePhone, u.cellPhone, u.workPhone].filter((p) => p !== '').join(', ') || '—'],
          ]}
        />
      ) : (
        <Text size="sm">This call has no customer on record.</Text>
      )}
    </section>
  );
}

function History({ data }: { data: CallViewResponse }) {
  return (
    <section aria-labelledby="call-view-history">
      <Title order={2} size="h5" id="call-view-history" mb={4}>
        Call history
      </Title>
      {data.history.length === 0 ? (
        <Text size="sm">No calls on record.</Text>
      ) : (
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped verticalSpacing={4} horizontalSpacing="xs" data-testid="call-view-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((h) => (
                <Table.Tr key={h.call_id} data-this-call={h.outbound_id === data.call.OutboundId ? 'true' : undefined}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{h.call_start ?? ''}</Table.Td>
                  <Table.Td>{callTypeDisplayName(h.call_type)}</Table.Td>
                  <Table.Td>
                    {h.call_result}
                    {h.call_target ? (
                      <Text size="xs" c="gray.7">
                        Callback {h.call_target}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{h.csagent}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{h.csr_notes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}
