import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconSearch, IconX } from '@tabler/icons-react';
import type { QuoteDetail, QuoteRow } from '@cc/contract';
import { describeQuoteSearch, parseQuoteSearch, scopeOf, type Scope } from '@cc/domain';
import { useSession } from '../../../lib/session';
import { currentCallPath } from '../../current-call';
import { quotesQuery } from '../api/quotes';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { QuoteDrawer } from '../components/QuoteDrawer';
import { QuotesGrid } from '../components/QuotesGrid';
import { PAGE_SIZE, STATUS_LABELS, paramsOf, viewOf, type QuotesView, type StatusFilter } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

const STATUS_OPTIONS: StatusFilter[] = ['PENDING', 'SUBMITTED', 'EXPIRED', 'all'];

/** As many rows as the window has room for, and at least the room a desk's 768 px gave (decision 089). */
const FILL = { fill: { min: 520 } };

function scopeText(scope: Scope | null): string {
  switch (scope?.kind) {
    case undefined:
      return '';
    case 'all':
    case 'general':
      return 'Orders of every branch';
    case 'designation':
      return scope.designation === 'COF'
        ? 'Orders of the company-owned branches'
        : 'Orders of the independent-franchise branches';
    case 'branches':
      return scope.branches.length > 0
        ? `Orders of your branches: ${scope.branches.join(', ')}`
        : 'Your account has no branches, so it sees no orders';
  }
}

/**
 * /quotes (All Quotes): the orders in the user's scope, opening on the pending ones (the quotes). Filter by
 * status, search by order or customer number, last name or phone, sort and page on the server; a row opens the
 * order with its lines, and from there a call with its customer.
 */
export default function QuotesPage() {
  const current = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);

  const change = useCallback(
    (next: Partial<QuotesView>, options: { replace?: boolean } = {}) =>
      setParams(paramsOf({ ...viewOf(params), ...next }), options),
    [params, setParams],
  );

  const parsed = parseQuoteSearch(view.q);
  // The next page (and one passed before) by key, a jump by number (decision 034).
  const grid = useServerGrid({
    view: { ...view, size: PAGE_SIZE },
    change,
    queryOf: (v: QuotesView & { size: number }, after) => ({
      sort: v.sort,
      dir: v.dir,
      status: v.status === 'all' ? undefined : v.status,
      q: parsed.ok && parsed.search ? v.q : undefined,
      after,
      page: v.page,
      pageSize: v.size,
    }),
    options: quotesQuery,
    pageOf: (answer) => ({ rows: answer.data, total: answer.total, next: answer.next }),
  });
  const list = grid.query;
  const { total, first, last } = grid;

  const onOpen = useCallback((row: QuoteRow) => change({ order: row.id }), [change]);
  const onClose = () => change({ order: null });
  const openCall = (order: QuoteDetail) => {
    void navigate(currentCallPath(order.sqldbid, order.customerNo, 'Inbound'));
  };

  const scope = current
    ? scopeOf({
        companyId: current.user.CompanyId,
        permissions: current.user.permissions,
        branches: current.user.Branches.map((b) => b.branchno),
      })
    : null;
  const searched = parsed.ok && parsed.search ? describeQuoteSearch(parsed.search) : null;

  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <div>
        <Title order={1} size="h3">
          All Quotes
        </Title>
        <Text size="sm" c="gray.7">
          {scopeText(scope)}
        </Text>
      </div>

      <QuotesFilters view={view} change={change} />

      {!parsed.ok ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The search could not be read">
          Enter {parsed.message.replace(/^enter /, '')}.
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The orders could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}

      <QuotesGrid
        grid={grid}
        height={FILL}
        sort={{ sort: view.sort, dir: view.dir }}
        onSortChange={grid.refine}
        onOpen={onOpen}
        summary={summaryText(view.status, { total, first, last }, searched)}
      />

      <QuoteDrawer orderId={view.order} onClose={onClose} onOpenCall={openCall} />
    </Stack>
  );
}

/** What the grid shows: the range of rows, of how many orders of the status, for which search. */
function summaryText(
  status: StatusFilter,
  { total, first, last }: { total: number; first: number; last: number },
  searched: string | null,
): string {
  const noun =
    status === 'PENDING'
      ? 'pending quote'
      : status === 'all'
        ? 'order'
        : `${STATUS_LABELS[status].toLowerCase()} order`;
  const what = (n: number) => (n === 1 ? noun : `${noun}s`);
  const search = searched ? ` for ${searched}` : '';
  return total === 0
    ? `No ${what(0)}${search}`
    : `${first}–${last} of ${total.toLocaleString()} ${what(total)}${search}`;
}

/** The status filter and the search box; a search is checked before it goes to the URL. */
function QuotesFilters({
  view,
  change,
}: {
  view: QuotesView;
  change: (next: Partial<QuotesView>, options?: { replace?: boolean }) => void;
}) {
  const [text, setText] = useState(view.q);
  const [textError, setTextError] = useState<string | null>(null);

  // The header's search box changes the URL while the page is open: the box follows.
  const [shownQ, setShownQ] = useState(view.q);
  if (shownQ !== view.q) {
    setShownQ(view.q);
    setText(view.q);
    setTextError(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = parseQuoteSearch(text);
    if (!answer.ok) {
      setTextError(`Enter ${answer.message.replace(/^enter /, '')}`);
      return;
    }
    setTextError(null);
    change({ q: text.trim(), page: 1, order: null });
  };
  const clear = () => {
    setText('');
    setTextError(null);
    change({ q: '', page: 1 });
  };

  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          aria-label="Order status"
          value={view.status}
          onChange={(value) => change({ status: value, page: 1 })}
          data={STATUS_OPTIONS.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          data-testid="quotes-status"
        />
        <form onSubmit={submit} role="search" aria-label="Search orders">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="Search orders"
              placeholder="Order no., customer no., last name or phone"
              w={340}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={textError}
              leftSection={<IconSearch size={16} />}
              rightSection={
                text ? (
                  <ActionIcon variant="subtle" color="gray" aria-label="Clear the search" onClick={clear}>
                    <IconX size={16} />
                  </ActionIcon>
                ) : null
              }
              data-testid="quotes-search"
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
      </Group>
    </Paper>
  );
}
