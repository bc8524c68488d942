import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { MEASUREIT_GRID_SIZES, type MeasureItPropertyRow } from '@cc/contract';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { odataPageOf } from '../../../components/grid/paging';
import { ACCESS } from '@cc/domain';
import { mayCall, mayEnter } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { adminToast } from '../../../lib/toast';
import { editMeasureItPath, MEASUREIT_TEXT, onMeasurementClosed } from '../../measureit';
import {
  propertySearchQuery,
  searchKey,
  useCustomSearchLists,
  useFranchises,
  useStatistics,
  useZipCodes,
} from '../api';
import { ApplyReason } from '../components/ApplyReason';
import { PropertyGrid } from '../components/PropertyGrid';
import { SearchFilters } from '../components/SearchFilters';
import { StatisticsPanel } from '../components/StatisticsPanel';
import { franchiseOf, pagingOf, paramsOf, queryOf, viewOf, type SearchView } from '../model';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';

const ResultsMap = lazy(() => import('../components/ResultsMap'));

const GRID_HEIGHT = 520;
/** The `client` (§2) of the MeasureIt windows this search opens. */
const SEARCH_CLIENT = 'search';

/**
 * /searchMeasureIt (administration.md §2, §3, §5): properties found by franchise, zips, mode, proximity,
 * New Neighbor dates and custom list, sorted and paged on the server; a row's Select opens it in MeasureIt in a new
 * window, whose saves refresh the grid, the map and the statistics. The filters live in the URL.
 */
export default function SearchMeasureItPage() {
  const queryClient = useQueryClient();
  // Measuring (MeasureIt.Measure) and applying a reason (MeasureIt.ApplyReason) are offered only to users who hold
  // them; the server refuses the calls to anybody else.
  const user = useSession()?.user ?? null;
  const mayMeasure = mayEnter('editMeasureIt', user);
  const mayApplyReason = mayCall(ACCESS.applyReason, user);
  const [params, setParams] = useSearchParams();
  const urlView = viewOf(params);
  const franchises = useFranchises();
  const ready = franchises.isSuccess;
  // An independent franchise's user searches one of its own franchises, whatever the URL says.
  const view: SearchView = { ...urlView, branch: franchiseOf(urlView.branch, franchises.data) };
  const change = useCallback(
    (next: Partial<SearchView>) => setParams(paramsOf({ ...viewOf(params), ...next }), { replace: false }),
    [params, setParams],
  );

  const zips = useZipCodes(view.branch, ready);
  const lists = useCustomSearchLists();
  const grid = useServerGrid({
    view,
    change,
    queryOf,
    options: propertySearchQuery,
    pageOf: (answer) => odataPageOf(answer),
    enabled: ready,
  });
  const search = grid.query;
  const stats = useStatistics(view.branch, view.zips, ready);
  const { rows } = grid;
  const { summary } = pagingOf(search.data, view);

  const [selected, setSelected] = useState<MeasureItPropertyRow[]>([]);
  const gridApi = useRef<GridApi<MeasureItPropertyRow> | null>(null);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...searchKey, 'page'] });
    void queryClient.invalidateQueries({ queryKey: [...searchKey, 'statistics'] });
  }, [queryClient]);

  // A save in a MeasureIt window (ours or another's) changes what the grid, the map and the statistics show; a
  // window this search opened closes on Save or Cancel, so the search says what became of it
  // (docs/decisions/070-screens-at-1366.md).
  useEffect(
    () =>
      onMeasurementClosed((message) => {
        refresh();
        if (message.client !== SEARCH_CLIENT) return;
        if (message.kind === 'measurement-saved') adminToast.success(MEASUREIT_TEXT.propertySaved);
        else adminToast.info(MEASUREIT_TEXT.editCancelled);
      }),
    [refresh],
  );

  const open = (row: MeasureItPropertyRow) => {
    const path = editMeasureItPath({
      sqldbid: row.sqldbid,
      ...(row.custNo !== null ? { customerNo: row.custNo } : { propertyId: row.propertyId }),
      closeOnSave: true,
      client: SEARCH_CLIENT,
    });
    const opened = window.open(path, '_blank');
    if (!opened) adminToast.warning('The browser blocked the MeasureIt window: allow pop-ups for this site.');
  };

  const selectOnGrid = (propertyId: number) => {
    const node = gridApi.current?.getRowNode(String(propertyId));
    if (!node) return;
    node.setSelected(true);
    gridApi.current?.ensureNodeVisible(node, 'middle');
  };

  return (
    <Stack gap="sm" maw={WORK_PAGE_WIDTH} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            MeasureIt Search
          </Title>
          <Text size="sm" c="gray.7">
            Properties to measure by franchise, zip and state. Select one to measure it in a new window.
          </Text>
        </div>
        {/* Properties that are not in the list: an address, or a business for a commercial quote (decision 040). */}
        <Group gap="xs" hidden={!mayMeasure}>
          <Button component={Link} to="/MeasureIt?by=address" variant="default" size="sm">
            Measure by address
          </Button>
          <Button component={Link} to="/MeasureIt?by=lead" variant="default" size="sm">
            Commercial lead
          </Button>
        </Group>
      </Group>

      {franchises.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="The franchises could not be read">
          {franchises.error.message}
        </Alert>
      ) : null}

      <SearchFilters view={view} change={change} franchises={franchises.data} zips={zips.data} lists={lists.data} />

      {search.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="The search could not be run">
          {search.error.message}
        </Alert>
      ) : null}

      <Group justify="space-between" align="flex-end">
        {mayApplyReason ? (
          <ApplyReason
            selected={selected}
            onApplied={() => {
              gridApi.current?.deselectAll();
              refresh();
            }}
          />
        ) : null}
      </Group>

      <PropertyGrid
        grid={grid}
        height={GRID_HEIGHT}
        sort={view.sort ? { sort: view.sort, dir: view.dir } : { sort: 'default', dir: 'asc' }}
        onSortChange={(sort) => grid.refine({ sort: sort?.sort ?? null, dir: sort?.dir ?? 'asc' })}
        onSelect={mayMeasure ? open : undefined}
        onSelectionChange={setSelected}
        onApi={(api) => {
          gridApi.current = api;
        }}
        sizes={MEASUREIT_GRID_SIZES}
        summary={summary}
        beside={
          <Suspense fallback={<Loader size="sm" />}>
            <ResultsMap rows={rows} selected={selected} onMarkerClick={selectOnGrid} />
          </Suspense>
        }
      />

      {/* Below the properties: at a desk's 1366 px the grid starts above the fold (docs/decisions/070-screens-at-1366.md). */}
      <StatisticsPanel stats={stats.data} error={stats.isError ? stats.error.message : null} />
    </Stack>
  );
}
