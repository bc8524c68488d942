import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS } from '@cc/domain';
import { useServerGrid } from '../../../components/grid/useServerGrid';
import { odataPageOf } from '../../../components/grid/paging';
import { WORK_PAGE_WIDTH } from '../../../components/page-width';
import { mayCall, mayEnter } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import {
  propertySearchQuery,
  searchKey,
  useCustomSearchLists,
  useFranchises,
  useStatistics,
  useZipCodes,
} from '../api';
import { SearchFilters } from '../components/SearchFilters';
import { SearchHeader } from '../components/SearchHeader';
import { SearchResults } from '../components/SearchResults';
import { StatisticsPanel } from '../components/StatisticsPanel';
import { useMeasureItWindows } from '../hooks/useMeasureItWindows';
import { franchiseOf, pagingOf, paramsOf, queryOf, viewOf, type SearchView } from '../model';

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
    pageOf: odataPageOf,
    enabled: ready,
  });
  const search = grid.query;
  const stats = useStatistics(view.branch, view.zips, ready);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [...searchKey, 'page'] });
    void queryClient.invalidateQueries({ queryKey: [...searchKey, 'statistics'] });
  }, [queryClient]);
  const open = useMeasureItWindows(refresh);

  return (
    <Stack gap="sm" maw={WORK_PAGE_WIDTH} mx="auto">
      <SearchHeader mayMeasure={mayMeasure} />

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

      <SearchResults
        grid={grid}
        view={view}
        summary={pagingOf(search.data, view).summary}
        onOpen={mayMeasure ? open : undefined}
        mayApplyReason={mayCall(ACCESS.applyReason, user)}
        refresh={refresh}
      />

      {/* Below the properties: at a desk's 1366 px the grid starts above the fold (docs/decisions/070-screens-at-1366.md). */}
      <StatisticsPanel stats={stats.data} error={stats.isError ? stats.error.message : null} />
    </Stack>
  );
}
