/**
 * The one grid of rows paged on the server (docs/decisions/090-one-paging-hook-and-grid.md): AG Grid sorted by the
 * server (ServerSortedGrid), and under it the summary, the page size and the pager, all driven by one
 * `useServerGrid`. A screen gives its columns, its texts and what a row does.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { ServerSortedGrid, type ServerSortedGridProps } from './ServerSortedGrid';
import { GridFooter } from './GridFooter';
import { rowsHeight, useFillHeight } from '../useFillHeight';
import type { PagedView, ServerGrid } from './useServerGrid';
import { useShownMark } from '../../lib/shown';

/** What the grid and its footer read of a `useServerGrid`. */
export type GridPaging<T> = Pick<
  ServerGrid<PagedView, unknown, T>,
  'rows' | 'loading' | 'pending' | 'pages' | 'page' | 'size' | 'known' | 'onPage' | 'onSize'
>;

export interface PagedGridProps<T, S extends string> extends Omit<ServerSortedGridProps<T, S>, 'rows' | 'loading'> {
  /** The screen's `useServerGrid`: its rows and where its pager stands. */
  grid: GridPaging<T>;
  /**
   * The grid's height: a number, a function of the rows shown (a short page takes less room), or `fill`: as tall as
   * the rows need up to what the window leaves below the grid, never under `min` — the one grid of a full page
   * (docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md); or `parent`: the height of the box
   * the screen puts it in, less the footer (the inbound results, which share a page of fixed height with the search).
   */
  height: number | ((rows: number) => number) | { fill: { min: number } } | 'parent';
  /** What a row is, plural: 'users', 'calls'. */
  noun: string;
  /** The words under the grid: which rows of how many. 'Loading…' is said until the first answer. */
  summary: string;
  summaryTestId: string;
  sizes?: readonly number[];
  pagerLabel?: string;
  /** Beside the grid, as high as it (the MeasureIt search's map). */
  beside?: ReactNode;
  /**
   * Directly above the grid, as wide as it: the controls that act on its selected rows, so whoever uses them sees
   * the rows they apply to (the MeasureIt search's not-measured reason).
   */
  toolbar?: ReactNode;
  /** Space between the grid and its footer, as the screen around it spaces its parts. */
  gap?: 'xs' | 'sm';
  /** The name of the mark set each time an answer's rows are shown (lib/shown.ts). */
  shownMark?: string;
}

const BESIDE: CSSProperties = { flex: '2 1 0', minWidth: 300 };
const IN_PARENT: CSSProperties = { flex: 1, minHeight: 0 };

export function PagedGrid<T, S extends string>({
  grid,
  height,
  noun,
  summary,
  summaryTestId,
  sizes,
  pagerLabel,
  beside,
  toolbar,
  gap = 'sm',
  shownMark,
  ...gridProps
}: PagedGridProps<T, S>) {
  // AG Grid arrives in a chunk of its own (DataGrid.tsx): the rows are shown once it is there, not when they arrive.
  const [ready, setReady] = useState(false);
  useShownMark(shownMark, ready && !grid.pending && !grid.loading, grid.rows);
  const fill = useFillHeight(rowsHeight(grid.rows.length), {
    min: typeof height === 'object' ? height.fill.min : 0,
  });
  const inParent = height === 'parent';
  const h = typeof height === 'number' ? height : typeof height === 'function' ? height(grid.rows.length) : fill.height;
  // The grid's own box, or, with a toolbar, the box of both: the one that sits beside the map or fills the parent.
  const column: CSSProperties | undefined = inParent ? IN_PARENT : beside ? { flex: '5 1 0', minWidth: 0 } : undefined;
  const table = (
    <div
      ref={typeof height === 'object' ? fill.measure : undefined}
      style={inParent ? IN_PARENT : toolbar ? { height: h } : { ...column, height: h }}
    >
      <ServerSortedGrid<T, S>
        {...gridProps}
        rows={grid.rows}
        loading={grid.loading}
        onApi={(api) => {
          setReady(true);
          gridProps.onApi?.(api);
        }}
      />
    </div>
  );
  const body = toolbar ? (
    <Stack gap={0} style={column}>
      {toolbar}
      {table}
    </Stack>
  ) : (
    table
  );
  return (
    <Stack gap={gap} h={inParent ? '100%' : undefined}>
      {beside ? (
        <Group align="stretch" gap="sm" wrap="nowrap">
          {body}
          {/* With a toolbar the map stretches to the toolbar and the grid together. */}
          <div style={toolbar ? BESIDE : { ...BESIDE, height: h }}>{beside}</div>
        </Group>
      ) : (
        body
      )}
      <GridFooter
        noun={noun}
        summary={grid.pending ? 'Loading…' : summary}
        summaryTestId={summaryTestId}
        sizes={sizes}
        size={grid.size}
        onSize={grid.onSize}
        pages={grid.pages}
        page={grid.page}
        onPage={grid.onPage}
        withLast={grid.known}
        pagerLabel={pagerLabel}
      />
    </Stack>
  );
}
