import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPhoneIncoming } from '@tabler/icons-react';
import type { QuoteDetail } from '@cc/contract';
import { formatPhone, displayZip } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { useQuote } from '../api/quote';
import { customerName, money } from '../model';
import { StatusBadge } from './QuotesGrid';

/** A dense label/value list. */
function Facts({ items }: { items: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', columnGap: 10, rowGap: 3 }}
    >
      {items.map(([label, value, testId]) => (
        <Box key={label} style={{ display: 'contents' }}>
          <Text component="dt" size="xs" c="gray.7" fw={500} lh="20px">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} lh="20px" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
            {value === '' || value === null ? '—' : value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function Lines({ order }: { order: QuoteDetail }) {
  if (order.items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        This order has no lines.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        striped
        withTableBorder
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing="xs"
        aria-label="Order lines"
        data-testid="quote-lines"
        styles={{ th: { whiteSpace: 'nowrap' }, td: { whiteSpace: 'nowrap' } }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th ta="right">Unit Price</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Extended</Table.Th>
            <Table.Th ta="right">Unit Sold</Table.Th>
            <Table.Th ta="right">Ext. Sold</Table.Th>
            <Table.Th>Installment</Table.Th>
            <Table.Th ta="right">Months Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item.orderItemId}>
              <Table.Td>
                {item.serviceName || `Service ${item.serviceDefId}`}
                <Text span size="xs" c="gray.7">
                  {' '}
                  #{item.serviceDefId}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{money(item.unitPrice)}</Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{money(item.extendedPrice)}</Table.Td>
              <Table.Td ta="right">{money(item.unitPriceSold)}</Table.Td>
              <Table.Td ta="right">{money(item.extendedPriceSold)}</Table.Td>
              <Table.Td>{yesNo(item.installment)}</Table.Td>
              <Table.Td ta="right">{item.installment ? item.remainMonths : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Totals({ order }: { order: QuoteDetail }) {
  const listTotal = order.items.reduce((sum, i) => sum + Math.round(i.extendedPrice * 100), 0) / 100;
  const row = (label: string, value: number, strong = false, testId?: string) => (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'gray.7'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId}>
        {money(value)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2} miw={240} ml="auto" data-testid="quote-totals">
      {row('List price', listTotal)}
      {row('Subtotal', order.subTotal, false, 'quote-subtotal')}
      {row('Tax', order.tax, false, 'quote-tax')}
      <Divider my={2} />
      {row('Total', order.total, true, 'quote-total')}
    </Stack>
  );
}

function Discounts({ order }: { order: QuoteDetail }) {
  if (order.discounts.length === 0) {
    return (
      <Text size="sm" c="gray.7" data-testid="quote-discounts">
        No discounts.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="quote-discounts">
      {order.discounts.map((d) => (
        <Group key={d.orderDiscountId} gap="xs">
          <Badge variant="outline" color="gray" c="dark.8" radius="sm">
            {d.couponCode}
          </Badge>
          <Text size="sm">−{money(d.amount)}</Text>
          <Text size="xs" c="gray.7">
            (taken off the sold prices)
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Body({ order, onOpenCall }: { order: QuoteDetail; onOpenCall: (order: QuoteDetail) => void }) {
  const c = order.customer;
  const pendingQuote = order.orderStatus === 'PENDING' && order.orderType === 'NORMAL';
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusBadge status={order.orderStatus} />
        <Badge variant="light" color="gray" c="dark.8" radius="sm" size="sm">
          {order.orderType}
        </Badge>
        {order.title ? (
          <Text size="sm" c="gray.7">
            {order.title}
          </Text>
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="sm">
          <Text fw={600} size="sm" mb={6}>
            Customer
          </Text>
          <Facts
            items={[
              ['Name', customerName(order), 'quote-customer-name'],
              ['Customer No.', String(order.customerNo), 'quote-customer-no'],
              ['Address', c ? `${c.address}, ${c.city}, ${c.state} ${displayZip(c.zip)}` : ''],
              ['Phone', c?.phone ? formatPhone(c.phone) : ''],
              ['Email', c?.email ?? ''],
              ['Type', c?.customerType ?? ''],
            ]}
          />
        </Paper>
        <Paper withBorder p="sm">
          <Text fw={600} size="sm" mb={6}>
            Order
          </Text>
          <Facts
            items={[
              ['Branch', `${order.branchNo}${order.franchiseName ? ` · ${order.franchiseName}` : ''}`, 'quote-branch'],
              ['Source', order.source],
              ['Service year', String(order.serviceYear)],
              ['Created', `${order.created}${order.createdBy ? ` by ${order.createdBy}` : ''}`],
              ['Updated', order.updated],
              ['Prepay', yesNo(order.isPrepay)],
              ['Autopay', yesNo(order.isAutopay)],
              ['NDC', order.ndc],
            ]}
          />
        </Paper>
      </SimpleGrid>

      <Stack gap={6}>
        <Title order={3} size="h5">
          Lines
        </Title>
        <Lines order={order} />
      </Stack>

      <Group align="flex-start" justify="space-between" gap="xl">
        <Stack gap={6}>
          <Title order={3} size="h5">
            Discounts
          </Title>
          <Discounts order={order} />
        </Stack>
        <Totals order={order} />
      </Group>

      <Divider />
      <Group justify="space-between" align="center">
        <Text size="xs" c="gray.7" maw={420}>
          {c === null
            ? 'The customer of this order has no record, so no call can be opened for them.'
            : pendingQuote
              ? 'Opening the call expires the customer’s pending quotes, as every opened call does.'
              : 'Opens the current-call screen for this customer as an inbound call.'}
        </Text>
        <Button
          leftSection={<IconPhoneIncoming size={18} />}
          onClick={() => onOpenCall(order)}
          disabled={c === null}
          data-testid="open-call"
        >
          Open call
        </Button>
      </Group>
    </Stack>
  );
}

export interface QuoteDrawerProps {
  orderId: number | null;
  onClose: () => void;
  onOpenCall: (order: QuoteDetail) => void;
}

/** One order: customer, lines, discounts and totals, and the way into a call with its customer. */
export function QuoteDrawer({ orderId, onClose, onOpenCall }: QuoteDrawerProps) {
  const query = useQuote(orderId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size={880}
      title={
        <Title order={2} size="h4">
          Order {orderId ?? ''}
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="quote-drawer"
    >
      {query.isPending && orderId !== null ? (
        <Center h={200}>
          <Loader role="status" aria-label="Loading the order" />
        </Center>
      ) : null}
      {query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The order could not be shown">
          {notFound ? 'Order not found.' : query.error.message}
        </Alert>
      ) : null}
      {query.data ? <Body order={query.data} onOpenCall={onOpenCall} /> : null}
    </Drawer>
  );
}
