import { Alert, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MEASUREIT_PROXIMITIES, type RouteResponse } from '@cc/contract';
import { DayRangePicker } from '../../../components/DayRangePicker';
import { MODES, type SearchView } from '../model';

/** The value of the franchise selector's 'None' (a user without a franchise: every branch of the scope). */
export const NONE = '__none__';

export interface SearchFiltersProps {
  view: SearchView;
  change: (next: Partial<SearchView>) => void;
  franchises: RouteResponse<'measureItFranchises'> | undefined;
  zips: RouteResponse<'measureItZipCodes'> | undefined;
  lists: RouteResponse<'measureItCustomSearchLists'> | undefined;
}

/** §2's filters: franchise, zips, mode, proximity, New Neighbor dates and a custom search list. */
export function SearchFilters({ view, change, franchises, zips, lists }: SearchFiltersProps) {
  const locked = franchises?.locked ?? false;
  // An independent franchise's user always searches one of its own franchises: nothing to clear.
  const ownOnly = franchises?.ownOnly ?? false;
  const noFranchise = franchises?.noFranchise ?? false;
  const options = [
    ...(noFranchise ? [{ value: NONE, label: 'None' }] : []),
    ...(franchises?.franchises ?? []).map((f) => ({ value: f.branchNo, label: `${f.branchNo} — ${f.compName}` })),
  ];
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        {noFranchise ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="no-franchise-warning">
            Your user has no franchise: the search shows every property your access allows (franchise 'None').
          </Alert>
        ) : null}
        {/* One row at a desk's 1366 px (docs/decisions/070-screens-at-1366.md). */}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Franchise"
            placeholder="Every franchise"
            data={options}
            value={view.branch ?? (noFranchise ? NONE : null)}
            onChange={(value) => change({ branch: value === null || value === NONE ? null : value, zips: [], page: 1 })}
            disabled={locked}
            clearable={!ownOnly && !noFranchise}
            searchable
            // The row's spare width goes to the franchise, whose 'SG101 — Green Meadows Lawn Care' was cut at 220 px.
            miw={240}
            style={{ flex: '1 1 240px' }}
            size="xs"
            data-testid="filter-franchise"
          />
          <MultiSelect
            label="Zip codes"
            placeholder={view.zips.length === 0 ? 'Every zip' : undefined}
            data={(zips?.zips ?? []).map((z) => ({ value: z.zip, label: `${z.zip} (${z.properties})` }))}
            value={view.zips}
            onChange={(value) => change({ zips: value, page: 1 })}
            searchable
            clearable
            maxValues={500}
            w={190}
            size="xs"
            data-testid="filter-zips"
          />
          <Stack gap={2}>
            <Text size="xs" fw={500} id="filter-mode-label">
              Mode
            </Text>
            <SegmentedControl
              size="xs"
              data={MODES}
              value={view.mode}
              onChange={(value) => change({ mode: value, page: 1 })}
              aria-labelledby="filter-mode-label"
              data-testid="filter-mode"
            />
          </Stack>
          <Select
            label="Proximity"
            placeholder="Any"
            data={MEASUREIT_PROXIMITIES.map((p) => ({ value: String(p), label: String(p) }))}
            value={view.proximity === null ? null : String(view.proximity)}
            onChange={(value) => change({ proximity: value === null ? null : Number(value), page: 1 })}
            clearable
            w={90}
            size="xs"
            data-testid="filter-proximity"
          />
          <DayRangePicker
            label="New Neighbor status date"
            placeholder="Any day"
            value={[view.from, view.to]}
            onChange={([from, to]) => change({ from, to, page: 1 })}
            clearable
            w={210}
            size="xs"
            data-testid="filter-status-dates"
          />
          <Select
            label="Custom search list"
            placeholder="None"
            data={(lists?.lists ?? []).map((l) => ({ value: String(l.listId), label: `${l.name} (${l.rows})` }))}
            value={view.list === null ? null : String(view.list)}
            onChange={(value) => change({ list: value === null ? null : Number(value), page: 1 })}
            clearable
            searchable
            w={200}
            size="xs"
            data-testid="filter-list"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
