import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { HistoryRow } from '@cc/contract';
import { callTypeByName, callTypeDisplayName } from '@cc/domain';
import { field, money, type CallDraft, type TheCall } from '../model';
import { Facts, type Fact } from './Facts';

export interface CustomerTabProps {
  callType: string;
  theCall: TheCall | null;
  draft: CallDraft;
  recent: HistoryRow[] | undefined;
  recentLoading: boolean;
  onOpenLog: (call: HistoryRow) => void;
}

/** The facts of the call row the list handed over (inbound or outbound). */
export function callFacts(callType: string, theCall: TheCall | null): Fact[] {
  const type = callTypeByName(callType);
  const facts: Fact[] = [
    { label: 'Call type', value: type?.CallTypeDisplayName ?? callType },
    { label: 'Origin', value: field(theCall, 'CallOrigin', 'callOrigin') },
  ];
  if (!type?.outbound) {
    return [
      ...facts,
      { label: 'Branch', value: field(theCall, 'Branch') },
      { label: 'Listed as', value: field(theCall, 'CustomerType') },
    ];
  }
  const price = theCall?.priceoffer;
  return [
    ...facts,
    { label: 'Source', value: field(theCall, 'CallSource') },
    { label: 'Call target', value: field(theCall, 'callBackDate') },
    { label: 'Last called', value: field(theCall, 'LastCalled', 'lastAccessDate') },
    { label: 'Attempts', value: field(theCall, 'CallAttempts') },
    { label: 'Call status', value: field(theCall, 'CallStatus') },
    { label: 'Callback CSR', value: field(theCall, 'callBackCSRName') },
    { label: 'Service', value: field(theCall, 'service') },
    { label: 'Price offer', value: typeof price === 'number' ? money(price) : '' },
    { label: 'Web lead', value: field(theCall, 'webleadtype') },
    { label: 'Evaluation', value: field(theCall, 'PropEvalCode') },
    { label: 'Comments', value: field(theCall, 'comments') },
  ];
}

/** The 'Customer' tab: this call's row, the decisions so far, and the latest calls. */
export function CustomerTab({ callType, theCall, draft, recent, recentLoading, onOpenLog }: CustomerTabProps) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Card withBorder padding="sm" radius="md">
          <Title order={3} size="h6" mb={6}>
            This call
          </Title>
          <Facts labelWidth={100} items={callFacts(callType, theCall)} />
        </Card>
        <Card withBorder padding="sm" radius="md">
          <Title order={3} size="h6" mb={6}>
            Decisions so far
          </Title>
          <Facts
            labelWidth={110}
            items={[
              { label: 'Result', value: draft.result ?? '', empty: 'Not chosen' },
              { label: 'Follow up', value: draft.followUp },
              { label: 'Callback', value: draft.callbackAt ?? '', empty: 'None' },
              { label: 'Service reason', value: draft.serviceCallReason ?? '', empty: 'None' },
              {
                label: 'Survey',
                value: Object.values(draft.survey).filter(Boolean).length
                  ? `${Object.values(draft.survey).filter(Boolean).length} answered`
                  : '',
                empty: 'Not started',
              },
              { label: 'Notes', value: draft.notes, empty: 'None' },
            ]}
          />
        </Card>
      </SimpleGrid>
      <Card withBorder padding="sm" radius="md">
        <Title order={3} size="h6" mb={6}>
          Latest calls
        </Title>
        {recentLoading ? (
          <Text size="sm" c="gray.7">
            Loading…
          </Text>
        ) : recent && recent.length > 0 ? (
          <Table striped highlightOnHover fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Log</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recent.slice(0, 5).map((call) => (
                <Table.Tr key={call.call_id}>
                  <Table.Td>{call.call_start}</Table.Td>
                  <Table.Td>{callTypeDisplayName(call.call_type)}</Table.Td>
                  <Table.Td>{call.call_result}</Table.Td>
                  <Table.Td>{call.csagent}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onOpenLog(call)}
                      aria-label={`Call log of ${call.call_start ?? `call ${call.call_id}`}`}
                    >
                      View
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="gray.7">
            No calls in the last three years.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
