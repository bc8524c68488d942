/**
 * Under a server-paged grid: what the page shows (announced politely), the page size where the screen offers a choice,
 * and the pager.
 */
import { Group, Select, Text } from '@mantine/core';
import { GridPager } from './GridPager';

export interface GridFooterProps {
  /** What a row is, plural: 'calls', 'properties' (the controls' names). */
  noun: string;
  summary: string;
  summaryTestId: string;
  /** Page sizes to choose from; none: the screen's size is fixed. */
  sizes?: readonly number[];
  size?: number;
  onSize?: (size: number) => void;
  pages: number;
  page: number;
  onPage: (page: number) => void;
  /** Whether the last page is known (a capped count says "more than"). */
  withLast?: boolean;
  /** The pager's name for screen readers; 'Pages of {noun}' unless the screen names it otherwise. */
  pagerLabel?: string;
}

export function GridFooter({
  noun,
  summary,
  summaryTestId,
  sizes,
  size,
  onSize,
  pages,
  page,
  onPage,
  withLast = true,
  pagerLabel = `Pages of ${noun}`,
}: GridFooterProps) {
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite" data-testid={summaryTestId}>
          {summary}
        </Text>
        {sizes && onSize ? (
          <Select
            aria-label={`${capitalised} per page`}
            size="xs"
            w={90}
            allowDeselect={false}
            data={sizes.map(String)}
            value={String(size)}
            onChange={(value) => value && onSize(Number(value))}
            data-testid="page-size"
          />
        ) : null}
      </Group>
      <GridPager pages={pages} page={page} onChange={onPage} label={pagerLabel} withLast={withLast} />
    </Group>
  );
}
