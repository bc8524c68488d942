import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMoney, formatPercent, type Quote } from '@cc/domain';
import { DISCOUNT_CASES, discountVariants, totalsTable, visibleProblems } from '../totals-view';

export interface DiscountsProps {
  quote: Quote;
  monthlyPaymentAvailable: boolean;
  billDay: 1 | 15;
  active: boolean;
  canEdit: boolean;
  onPrepay: (on: boolean) => void;
  onCallDiscount: (on: boolean) => void;
  onMonthly: (on: boolean) => void;
  onBillDay: (day: 1 | 15) => void;
  onEditCallDiscount: () => void;
  onEditPrepay: () => void;
}

export const EDIT_REFUSED_NOTE =
  'Only company-owned users, administrators and leads call-centre managers may edit rounds, prices and discounts.';

/** The discount check boxes (call-handling.md §4): prepay, call discount, monthly payment; the bill day. */
export function Discounts(props: DiscountsProps) {
  const { quote, active, canEdit } = props;
  const otherMonthly = quote.lines.some((l) => l.installment && l.kind !== 'pestMonthly');
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-discounts-title">
      <Title order={3} size="h5" mb="xs" id="pricing-discounts-title">
        Discounts and Payment
      </Title>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap={4}>
          <Switch
            label={`Prepay discount (${formatPercent(quote.rates.prepayPercent)})`}
            description={quote.flags.prepayAvailable ? undefined : 'Not with monthly payment'}
            checked={quote.flags.prepay}
            disabled={!active || !quote.flags.prepayAvailable}
            onChange={(e) => props.onPrepay(e.currentTarget.checked)}
          />
          <Button size="compact-xs" variant="subtle" disabled={!canEdit || !active} onClick={props.onEditPrepay}>
            Edit prepay discount
          </Button>
        </Group>
        <Group justify="space-between" wrap="wrap" align="flex-start" gap={4}>
          <Switch
            label={`Call discount (${formatPercent(quote.rates.callDiscountPercent)})`}
            description={
              quote.flags.callDiscountAutomatic
                ? 'On by itself for the Preferred Program and a new customer'
                : undefined
            }
            checked={quote.flags.callDiscount}
            disabled={!active}
            onChange={(e) => props.onCallDiscount(e.currentTarget.checked)}
          />
          <Button size="compact-xs" variant="subtle" disabled={!canEdit || !active} onClick={props.onEditCallDiscount}>
            Edit call discount
          </Button>
        </Group>
        <Switch
          label="Monthly payment"
          description={props.monthlyPaymentAvailable ? undefined : 'This franchise takes no monthly payment'}
          checked={quote.flags.monthlyPayment}
          disabled={!active || (!props.monthlyPaymentAvailable && !quote.flags.monthlyPayment)}
          onChange={(e) => props.onMonthly(e.currentTarget.checked)}
        />
        {otherMonthly ? (
          <Box>
            <Text size="sm" fw={500} id="pricing-bill-day">
              Bill day
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="pricing-bill-day"
              value={String(props.billDay)}
              onChange={(v) => props.onBillDay(v === '15' ? 15 : 1)}
              disabled={!active}
              data={[
                { value: '1', label: '1st' },
                { value: '15', label: '15th' },
              ]}
            />
          </Box>
        ) : null}
        {!canEdit ? (
          <Text size="xs" c="gray.7" data-testid="edit-refused-note">
            {EDIT_REFUSED_NOTE}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The totals strip at the top of the tab: always in view while the CSR clicks. */
export function TotalsStrip({ quote }: { quote: Quote }) {
  const t = quote.totals;
  const item = (label: ReactNode, value: string, testId: string, strong = false) => (
    <Box>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'md'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
  return (
    <Card withBorder radius="md" padding="xs" bg="gray.0" data-testid="pricing-totals-strip">
      <Group gap="xl" wrap="wrap">
        {item('Subtotal', formatMoney(t.saleSubTotal), 'pricing-subtotal')}
        {item(
          <>
            Tax <span data-testid="pricing-tax-rate">{formatPercent(t.taxRate)}</span>
          </>,
          formatMoney(t.saleSalesTax),
          'pricing-tax',
        )}
        {item('Total', formatMoney(t.saleTotal), 'pricing-total', true)}
        {t.duePestInitialTotal > 0
          ? item('Due at sign-up', formatMoney(t.duePestInitialTotal), 'pricing-due-initial')
          : null}
        {t.dueMonthlyTotal > 0 ? item('Monthly', formatMoney(t.dueMonthlyTotal), 'pricing-due-monthly') : null}
      </Group>
    </Card>
  );
}

/** The sale in detail: buckets, discounts, tax and the four discount variants, and the order lines. */
export function TotalsCard({ quote }: { quote: Quote }) {
  const problems = visibleProblems(quote);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-totals-title">
      <Title order={3} size="h5" mb="xs" id="pricing-totals-title">
        Sale Totals
      </Title>
      <TotalsTable quote={quote} />
      <Text size="xs" fw={600} mt="sm" mb={2}>
        Totals by discount
      </Text>
      <DiscountVariants quote={quote} />
      {quote.lines.length > 0 ? <OrderLines lines={quote.lines} /> : null}
      {problems.length > 0 ? <Problems problems={problems} /> : null}
    </Card>
  );
}

function TotalsTable({ quote }: { quote: Quote }) {
  const t = quote.totals;
  const { list, discounts, buckets } = totalsTable(quote);
  return (
    <Table verticalSpacing={2} horizontalSpacing="xs" data-testid="pricing-totals">
      <Table.Tbody>
        <Row label="List price" value={list} testId="total-list" />
        {discounts.map((d) => (
          <Row key={d.label} label={d.label} value={-d.value} testId={d.testId} />
        ))}
        <Row label="Subtotal" value={t.saleSubTotal} testId="total-subtotal" strong />
        {buckets.map((b) => (
          <Row key={b.label} label={b.label} value={b.value} testId={b.testId} muted />
        ))}
        <Row label={`Tax (${formatPercent(t.taxRate)})`} value={t.saleSalesTax} testId="total-tax" />
        <Row label="Total" value={t.saleTotal} testId="total-total" strong />
      </Table.Tbody>
    </Table>
  );
}

function DiscountVariants({ quote }: { quote: Quote }) {
  const variants = discountVariants(quote);
  return (
    // Two by two where the card is narrow (the call screen's pricing at 1280-1366 px), four across where they fit:
    // never three and one left over on a line of its own. Sized by the card, not by the window.
    <SimpleGrid type="container" cols={{ base: 2, '440px': 4 }} spacing={6} verticalSpacing={6}>
      {DISCOUNT_CASES.map((c) => (
        <Box
          key={c.key}
          px={8}
          py={2}
          style={{
            borderRadius: 6,
            border: '1px solid var(--mantine-color-gray-4)',
            background: quote.case === c.key ? 'var(--mantine-color-blue-1)' : undefined,
          }}
          data-testid={`variant-${c.key}`}
          aria-current={quote.case === c.key ? 'true' : undefined}
        >
          <Text size="xs" c="gray.8">
            {c.label}
          </Text>
          <Text size="sm" fw={quote.case === c.key ? 700 : 400}>
            {formatMoney(variants[c.key])}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function OrderLines({ lines }: { lines: Quote['lines'] }) {
  return (
    <>
      <Text size="xs" fw={600} mt="sm" mb={2}>
        Order lines
      </Text>
      <Table verticalSpacing={2} horizontalSpacing={4} fz="xs" data-testid="pricing-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Sold</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={`${l.kind}-${l.itemId}`}>
              <Table.Td>
                {l.serviceName}
                {l.monthly ? (
                  <Text span size="xs" c="gray.7">
                    {' '}
                    · {formatMoney(l.monthly.amount)}/mo from {l.monthly.firstBillDate}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.extendedPriceSold)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.tax)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

function Problems({ problems }: { problems: Quote['problems'] }) {
  return (
    <Stack gap={4} mt="sm" data-testid="pricing-problems">
      {problems.map((p, i) => (
        <Alert
          key={`${p.code}-${i}`}
          color={p.severity === 'error' ? 'red' : 'yellow'}
          variant="light"
          p={6}
          icon={<IconAlertTriangle size={14} />}
        >
          <Text size="xs">{p.message}</Text>
        </Alert>
      ))}
    </Stack>
  );
}

function Row({
  label,
  value,
  testId,
  strong = false,
  muted = false,
}: {
  label: string;
  value: number;
  testId: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : 400} c={muted ? 'gray.7' : undefined} pl={muted ? 'sm' : 0}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={strong ? 700 : 400} c={muted ? 'gray.7' : undefined} data-testid={testId}>
          {formatMoney(value)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
