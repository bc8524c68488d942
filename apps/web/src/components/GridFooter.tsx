/**
 * Under a server-paged grid: what the page shows (announced politely), the page size, and the pager. The call search
 * and the MeasureIt search share it.
 */
import { Group, Select, Text } from '@mantine/core';
import { GridPager } from './GridPager';

export function GridFooter<Size extends number>({
  noun,
  summary,
  loading,
  sizes,
  size,
  onSize,
  pages,
  page,
  onPage,
  withLast,
  summaryTestId,
}: {
  /** What a row is, plural: 'calls', 'properties' (the controls' names). */
  noun: string;
  summary: string;
  loading: boolean;
  sizes: readonly Size[];
  size: Size;
  onSize: (size: Size) => void;
  pages: number;
  page: number;
  onPage: (page: number) => void;
  /** Whether the last page is known (a capped count says "more than"). */
  withLast: boolean;
  summaryTestId: string;
}) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite" data-testid={summaryTestId}>
          {loading ? 'Loading…' : summary}
        </Text>
        <Select
          aria-label={`${capitalised} per page`}
          size="xs"
          w={90}
          allowDeselect={false}
          data={sizes.map(String)}
          value={String(size)}
          onChange={(value) => value && onSize(Number(value) as Size)}
          data-testid="page-size"
        />
      </Group>
      <GridPager pages={pages} page={page} onChange={onPage} label={`Pages of ${noun}`} withLast={withLast} />
    </Group>
  );
}
