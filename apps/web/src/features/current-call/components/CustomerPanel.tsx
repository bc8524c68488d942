import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAddressBook, IconAlertCircle, IconEdit, IconHash, IconSearch, IconUserCog } from '@tabler/icons-react';
import type { Customer } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { fullName, phoneText } from '../model';
import { PhoneNumber } from '../../telephony';
import { Facts, type Fact } from './Facts';

export interface CustomerPanelProps {
  customer: Customer | null;
  loading: boolean;
  error: string | null;
  /** Unknown customer (-1) or a new prospect (0): edits stay on the screen until the call ends. */
  local: boolean;
  /** The call is open (ours); editing is offered only then. */
  editable: boolean;
  onEdit: () => void;
  onEditType: () => void;
  /** Look up an existing account (unknown customers and new prospects). */
  onLookup?: () => void;
  /** Web-lead calls: give the lead its customer number. */
  onEditCustomerNo?: () => void;
}

function statusColor(status: string): string {
  const s = status.toLowerCase();
  // Shade 9 on white reads at 4.5:1 or more (WCAG AA); Mantine's default shades do not.
  if (s === 'active') return 'lawn.9';
  if (s === 'cancelled' || s === 'canceled') return 'red.9';
  return 'gray.8';
}

/** The customer panel (call-handling.md §2, §3): who is on the call, with the edit dialogs one click away. */
export function CustomerPanel({
  customer,
  loading,
  error,
  local,
  editable,
  onEdit,
  onEditType,
  onLookup,
  onEditCustomerNo,
}: CustomerPanelProps) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="customer-panel-title">
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Title order={2} size="h5" id="customer-panel-title">
          <Group gap={6} component="span">
            <IconAddressBook size={18} aria-hidden />
            Customer
          </Group>
        </Title>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEdit size={14} />}
          onClick={onEdit}
          disabled={!customer || !editable}
          aria-label="Edit customer"
          data-testid="edit-customer"
        >
          Edit
        </Button>
      </Group>
      {loading ? <Loader size="sm" role="status" aria-label="Loading the customer" /> : null}
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} p="xs" role="alert">
          {error}
        </Alert>
      ) : null}
      {customer ? (
        <Stack gap={8}>
          <CustomerTitle customer={customer} local={local} />
          <Facts items={customerFacts(customer, editable, onEditType)} />
          <AccountButtons editable={editable} onLookup={onLookup} onEditCustomerNo={onEditCustomerNo} />
        </Stack>
      ) : null}
      {!customer && !loading && !error ? (
        <Text size="sm" c="gray.7">
          <IconUserCog size={14} /> No customer.
        </Text>
      ) : null}
    </Card>
  );
}

/** The customer's name, status and, for a call not on an account yet, what it is. */
function CustomerTitle({ customer, local }: { customer: Customer; local: boolean }) {
  return (
    <div>
      <Text fw={700} size="md" data-testid="customer-name">
        {fullName(customer) || 'Name not given'}
      </Text>
      <Group gap={6} mt={2}>
        <Badge size="sm" variant="outline" color={statusColor(customer.status)} data-testid="customer-status">
          {customer.status || 'No status'}
        </Badge>
        {local ? (
          <Badge size="sm" variant="outline" color="gray.8">
            {customer.customerNo === 0 ? 'New prospect' : 'Unknown customer'}
          </Badge>
        ) : null}
      </Group>
    </div>
  );
}

/** The customer's account, type, address, phones, email, lawn size and branch, as the panel lists them. */
function customerFacts(customer: Customer, editable: boolean, onEditType: () => void): Fact[] {
  return [
    {
      label: 'Account no.',
      value: customer.customerNo > 0 ? String(customer.customerNo) : '',
      empty: customer.customerNo === 0 ? 'New' : 'Unknown',
      testId: 'customer-account',
    },
    {
      label: 'Type',
      value: (
        <Group gap={6} wrap="nowrap" component="span">
          <span data-testid="customer-type">{customer.customerType}</span>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={onEditType}
            disabled={!editable}
            // A disabled link must not look like one (the Edit button greys out beside it).
            c={editable ? undefined : 'gray.6'}
            style={editable ? undefined : { cursor: 'not-allowed', textDecoration: 'none' }}
            aria-label="Change customer type"
          >
            Change
          </Anchor>
        </Group>
      ),
    },
    {
      label: 'Address',
      value:
        customer.address || customer.city ? (
          <span data-testid="customer-address">
            {customer.address}
            {customer.address ? <br /> : null}
            {[customer.city, [customer.state, displayZip(customer.zip)].filter(Boolean).join(' ')]
              .filter(Boolean)
              .join(', ')}
          </span>
        ) : (
          ''
        ),
    },
    ...(
      [
        ['home', 'Home phone', customer.homePhone],
        ['work', 'Work phone', customer.workPhone],
        ['cell', 'Cell phone', customer.cellPhone],
      ] as const
    ).map(([phone, label, value]) => ({
      label,
      value: phoneText(value) ? (
        <PhoneNumber text={phoneText(value)} label={label} phone={phone} customer={customer} />
      ) : (
        ''
      ),
      testId: `customer-${phone}-phone`,
    })),
    {
      label: 'Email',
      value: customer.email ? <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor> : '',
      empty: 'No email',
      testId: 'customer-email',
    },
    { label: 'Lawn size', value: customer.lawnSize.toFixed(2), testId: 'customer-lawn-size' },
    { label: 'Branch', value: customer.branchno, testId: 'customer-branch' },
  ];
}

/** Finding the account of an unknown caller or a new prospect, and numbering a web lead's customer. */
function AccountButtons({
  editable,
  onLookup,
  onEditCustomerNo,
}: {
  editable: boolean;
  onLookup: (() => void) | undefined;
  onEditCustomerNo: (() => void) | undefined;
}) {
  if (!onLookup && !onEditCustomerNo) return null;
  return (
    <Group gap="xs">
      {onLookup ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconSearch size={14} />}
          onClick={onLookup}
          disabled={!editable}
        >
          Look up account
        </Button>
      ) : null}
      {onEditCustomerNo ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconHash size={14} />}
          onClick={onEditCustomerNo}
          disabled={!editable}
        >
          Edit Customer No.
        </Button>
      ) : null}
    </Group>
  );
}
