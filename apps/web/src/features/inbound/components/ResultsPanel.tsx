import { Button, Center, Group, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutNavbarCollapse, IconLayoutNavbarExpand, IconUsers } from '@tabler/icons-react';
import type { InboundRow, InboundSearchResponse } from '@cc/contract';
import type { InboundView } from '../grid-view';
import { NO_CUSTOMERS, ResultsGrid, type ResultsGridProps } from './ResultsGrid';

export interface ResultsPanelProps {
  /** The last search's first answer; a new object for every search. */
  result: InboundSearchResponse | null;
  /** A number per search: a grid per search. */
  searchId: number;
  /** The grid of the search shown, and what its page shown answered (its matches that pass the column filters). */
  grid: ResultsGridProps['grid'] & { query: { data?: InboundSearchResponse | undefined } };
  view: InboundView;
  refine: (next: Partial<InboundView>) => void;
  searching: boolean;
  showFilters: boolean;
  onShowFiltersChange: (value: boolean) => void;
  searchPanelOpen: boolean;
  onSearchPanelToggle: () => void;
  onOpen: (row: InboundRow) => void;
}

export { NO_CUSTOMERS };

function summary(result: InboundSearchResponse | null, searching: boolean, rowCount: number | null): string {
  if (searching) return 'Searching…';
  if (!result) return 'No search yet';
  if (result.overLimit) return `${result.total.toLocaleString()} customers match: refine the search`;
  const n = result.total;
  if (n === 0) return NO_CUSTOMERS;
  const found = `${n.toLocaleString()} ${n === 1 ? 'customer' : 'customers'} found`;
  // Column filters narrow what the grid shows: say how many of the found pass them.
  return rowCount !== null && rowCount !== n ? `${found}, ${rowCount.toLocaleString()} shown by the filters` : found;
}

/** The result panel: the count, the filter toggle, the search-panel toggle and the grid. */
export function ResultsPanel({
  result,
  searchId,
  grid,
  view,
  refine,
  searching,
  showFilters,
  onShowFiltersChange,
  searchPanelOpen,
  onSearchPanelToggle,
  onOpen,
}: ResultsPanelProps) {
  // An empty answer is said in words, not as an empty grid paged 'Page 0 of 0'.
  const hasGrid = result !== null && !result.overLimit && result.total > 0;
  const rowCount = grid.query.data?.rowCount ?? null;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby="inbound-results-title"
      style={{ flex: 1, minHeight: 360, display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" mb="xs" gap="sm">
        <Title order={2} size="h5" id="inbound-results-title" aria-live="polite" data-testid="results-summary">
          {summary(result, searching, rowCount)}
        </Title>
        <Group gap="md">
          <Switch
            label="Column filters"
            checked={showFilters}
            onChange={(e) => onShowFiltersChange(e.currentTarget.checked)}
            disabled={!hasGrid}
          />
          <Button
            variant="default"
            size="xs"
            onClick={onSearchPanelToggle}
            aria-expanded={searchPanelOpen}
            aria-controls="inbound-search-panel"
            leftSection={
              searchPanelOpen ? <IconLayoutNavbarCollapse size={16} /> : <IconLayoutNavbarExpand size={16} />
            }
          >
            {searchPanelOpen ? 'Hide search panel' : 'Show search panel'}
          </Button>
        </Group>
      </Group>
      <div style={{ flex: 1, minHeight: 0 }}>
        {hasGrid ? (
          <ResultsGrid
            // One grid per search: its pages, order and filters start afresh.
            key={searchId}
            // A new search's rows are on their way over the last one's.
            grid={searching ? { ...grid, loading: true } : grid}
            view={view}
            refine={refine}
            showFilters={showFilters}
            onOpen={onOpen}
          />
        ) : (
          <Center h="100%" mih={240}>
            <Stack align="center" gap={6}>
              <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                <IconUsers size={26} />
              </ThemeIcon>
              <Text c="gray.7" size="sm" ta="center" maw={420}>
                {result?.overLimit
                  ? 'Too many customers match. Add more search criteria to narrow the results.'
                  : result
                    ? `${NO_CUSTOMERS}. Check the spelling, or search with fewer details.`
                    : 'Search by address or by name, phone, customer number and more. Matching customers appear here.'}
              </Text>
            </Stack>
          </Center>
        )}
      </div>
    </Paper>
  );
}
