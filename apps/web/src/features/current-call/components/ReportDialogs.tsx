import './print.css';
import type { ReactNode } from 'react';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Customer, FranchiseInfo, HistoryRow } from '@cc/contract';
import { callTypeByName, displayZip } from '@cc/domain';
import { field, fullName, money, phoneText, type CallDraft, type TheCall } from '../model';
import { callFacts } from './CustomerTab';
import { Facts } from './Facts';

interface ReportProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  customer: Customer | null;
  franchise: FranchiseInfo | undefined;
}

function addressLines(customer: Customer): string {
  return [customer.address, [customer.city, customer.state, displayZip(customer.zip)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

function phones(customer: Customer): string {
  return [
    customer.homePhone && `Home ${phoneText(customer.homePhone)}`,
    customer.workPhone && `Work ${phoneText(customer.workPhone)}`,
    customer.cellPhone && `Cell ${phoneText(customer.cellPhone)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function PrintableModal({
  opened,
  onClose,
  stackId,
  title,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={testId}
    >
      <div className="cc-printable">
        <Stack gap="sm">{children}</Stack>
      </div>
      <Group justify="flex-end" gap="sm" mt="md" className="cc-no-print">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} data-autofocus>
          Print
        </Button>
      </Group>
    </Modal>
  );
}

/** The 'Customer Details' report: a printable summary of the customer and the recent history. */
export function CustomerDetailsReport({ history, ...props }: ReportProps & { history: HistoryRow[] | undefined }) {
  const { customer, franchise } = props;
  return (
    <PrintableModal {...props} title="Customer Details" testId="customer-details-report">
      {customer ? (
        <>
          <div>
            <Title order={2} size="h4">
              {fullName(customer) || 'New caller'}
            </Title>
            <Text size="sm" c="gray.7">
              Account {customer.customerNo > 0 ? customer.customerNo : 'not assigned'} · {customer.customerType} ·{' '}
              {customer.status} · Branch {customer.branchno}
              {franchise ? ` · ${franchise.compName}` : ''}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="md">
            <Facts
              labelWidth={90}
              items={[
                { label: 'Address', value: addressLines(customer) },
                { label: 'Phones', value: phones(customer) },
                { label: 'Email', value: customer.email, empty: 'No email' },
              ]}
            />
            <Facts
              labelWidth={110}
              items={[
                { label: 'Lawn size', value: customer.lawnSize.toFixed(2) },
                { label: 'Autopay', value: customer.isAutoPayEnabled ? 'Enabled' : 'Not enabled' },
                { label: 'Franchise phone', value: franchise ? phoneText(franchise.phone) : '' },
              ]}
            />
          </SimpleGrid>
          <Divider />
          <Title order={3} size="h6">
            Recent history
          </Title>
          {history && history.length > 0 ? (
            <Table fz="xs" verticalSpacing={3} withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th>Package</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Call log</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.slice(0, 10).map((call) => (
                  <Table.Tr key={call.call_id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{call.call_start}</Table.Td>
                    <Table.Td>{call.call_type}</Table.Td>
                    <Table.Td>{call.call_result}</Table.Td>
                    <Table.Td>{call.csagent}</Table.Td>
                    <Table.Td>{call.package}</Table.Td>
                    <Table.Td ta="right">{call.totalcost ? money(call.totalcost) : ''}</Table.Td>
                    <Table.Td>{call.call_log}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="gray.7">
              No calls in the last three years.
            </Text>
          )}
        </>
      ) : null}
    </PrintableModal>
  );
}

/** The 'Action Sheet': the call's key facts for the technician. */
export function ActionSheet({
  callType,
  theCall,
  draft,
  ...props
}: ReportProps & { callType: string; theCall: TheCall | null; draft: CallDraft }) {
  const { customer, franchise } = props;
  const type = callTypeByName(callType);
  return (
    <PrintableModal {...props} title="Action Sheet" testId="action-sheet">
      {customer ? (
        <>
          <div>
            <Title order={2} size="h4">
              {fullName(customer) || 'New caller'}
            </Title>
            <Text size="sm" c="gray.7">
              {type?.CallTypeDisplayName ?? callType} · Account{' '}
              {customer.customerNo > 0 ? customer.customerNo : 'not assigned'} · Branch {customer.branchno}
              {franchise ? ` · ${franchise.compName}` : ''}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="md">
            <Facts
              labelWidth={100}
              items={[
                { label: 'Service address', value: addressLines(customer) },
                { label: 'Phones', value: phones(customer) },
                { label: 'Lawn size', value: customer.lawnSize.toFixed(2) },
                { label: 'Service', value: field(theCall, 'service') },
              ]}
            />
            <Facts
              labelWidth={110}
              items={[
                { label: 'Result', value: draft.result ?? '', empty: 'Not chosen yet' },
                { label: 'Service reason', value: draft.serviceCallReason ?? '', empty: 'None' },
                { label: 'Follow up', value: draft.followUp },
                { label: 'Callback', value: draft.callbackAt ?? '', empty: 'None' },
              ]}
            />
          </SimpleGrid>
          <Divider />
          <Title order={3} size="h6">
            Notes for the technician
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={draft.notes ? undefined : 'gray.7'}>
            {draft.notes || 'No notes on this call.'}
          </Text>
          {field(theCall, 'comments') ? (
            <Text size="sm">
              <Text span fw={600}>
                Call comments:{' '}
              </Text>
              {field(theCall, 'comments')}
            </Text>
          ) : null}
          <Divider />
          <Facts labelWidth={100} items={callFacts(callType, theCall).filter((f) => f.value !== '')} />
        </>
      ) : null}
    </PrintableModal>
  );
}
