import { BusyButton } from '../../../components/BusyButton';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Group, MultiSelect, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { adminToast } from '../../../lib/toast';
import { CALL_SEARCH_GRID_SIZES, type CallSearchRow } from '@cc/contract';
import { DayRangePicker } from '../../../components/DayRangePicker';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { odataPageOf } from '../../../components/grid/paging';
import { currentCallPath } from '../../current-call';
import { exportCalls, searchQuery, useAgentNames, useCallTypes } from '../api/search';
import { CallSearchGrid } from '../components/CallSearchGrid';
import { CallView } from '../components/CallView';
import { useSession } from '../../../lib/session';
import { mayEnter } from '../../../lib/access';
import { pagingOf, paramsOf, queryOf, viewOf, type CallSearchView } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

/** Tall enough for about fifteen rows at a desk's 768 px; a taller window shows more before the grid scrolls. */
const FILL = { fill: { min: 560 } };

/**
 * /call-center/callSearch (administration.md §2, §5): past calls found by type, last-accessed
 * dates, agent and completion (completed only unless 'Show uncompleted'), sorted and paged on the server at 100,
 * 500 or 1000 rows. The filters live in the URL. A row opens the call and its customer read-only (CallView).
 */
export default function CallSearchPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const change = useCallback(
    (next: Partial<CallSearchView>) => setParams(paramsOf({ ...viewOf(params), ...next })),
    [params, setParams],
  );
  const grid = useServerGrid({ view, change, queryOf, options: searchQuery, pageOf: (answer) => odataPageOf(answer) });
  const search = grid.query;
  const { total, summary } = pagingOf(search.data, view);
  const exporting = useExport(view);
  // A row opens the call to look at, taking nothing (decision 066); working it is a choice, made in the view.
  const [viewing, setViewing] = useState<CallSearchRow | null>(null);
  const work = useWorkCall();

  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            Call Search
          </Title>
          <Text size="sm" c="gray.7">
            Past calls by type, date, agent and completion. Open one to see it and its customer.
          </Text>
        </div>
        <BusyButton
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exporting.run}
          busy={exporting.busy}
          disabled={total === 0}
          data-testid="export-calls"
        >
          Export CSV
        </BusyButton>
      </Group>
      <CallSearchFilters view={view} refine={grid.refine} />
      {search.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="The search could not be run">
          {search.error.message}
        </Alert>
      ) : null}
      <CallSearchGrid
        grid={grid}
        height={FILL}
        sort={{ sort: view.sort, dir: view.dir }}
        onSortChange={grid.refine}
        onOpen={setViewing}
        sizes={CALL_SEARCH_GRID_SIZES}
        summary={summary}
      />
      <CallView row={viewing} onClose={() => setViewing(null)} onWork={work} />
    </Stack>
  );
}

/** Export CSV: every call of the search, in its order; busy while the file comes. */
function useExport(view: CallSearchView) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    const { $filter, $orderby } = queryOf(view);
    setBusy(true);
    exportCalls({ ...($filter ? { $filter } : {}), $orderby })
      .catch((error: Error) => adminToast.error(`The export failed: ${error.message}`, error))
      .finally(() => setBusy(false));
  };
  return { run, busy };
}

/**
 * Working a call from its view: the call screen with the call, for a user who may enter it (none otherwise); a call
 * without a customer number has no call screen.
 */
function useWorkCall(): ((row: CallSearchRow) => void) | undefined {
  const navigate = useNavigate();
  const mayWork = mayEnter('currentCall', useSession()?.user ?? null);
  if (!mayWork) return undefined;
  return (row: CallSearchRow) => {
    if (row.cust_No === null || row.cust_No <= 0) return;
    void navigate(currentCallPath(row.SQLDBID, row.cust_No, row.Type), { state: { theCall: row } });
  };
}

/** The filters: call types, the days last accessed, the agent, and whether uncompleted calls show. */
function CallSearchFilters({
  view,
  refine,
}: {
  view: CallSearchView;
  refine: (next: Partial<CallSearchView>) => void;
}) {
  const types = useCallTypes();
  const agents = useAgentNames();
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Call types"
          placeholder={view.types.length === 0 ? 'Every type' : undefined}
          data={(types.data ?? []).map((t) => ({ value: t.CallTypeName, label: t.CallTypeDisplayName }))}
          value={view.types}
          onChange={(value) => refine({ types: value })}
          searchable
          clearable
          w={320}
          size="xs"
          data-testid="filter-types"
        />
        <DayRangePicker
          label="Last accessed"
          placeholder="Any day"
          value={[view.from, view.to]}
          onChange={([from, to]) => refine({ from, to })}
          clearable
          w={240}
          data-testid="filter-dates"
        />
        <Select
          label="Agent"
          placeholder="Every agent"
          data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={view.agent === null ? null : String(view.agent)}
          onChange={(value) => refine({ agent: value === null ? null : Number(value) })}
          searchable
          clearable
          w={220}
          size="xs"
          data-testid="filter-agent"
        />
        <Switch
          label="Show uncompleted"
          checked={view.uncompleted}
          onChange={(e) => refine({ uncompleted: e.currentTarget.checked })}
          mb={6}
          data-testid="filter-uncompleted"
        />
      </Group>
    </Paper>
  );
}
