import { useEffect, useMemo, useRef, useState } from 'react';
import type { GridApi, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import type { MeasureItPropertyRow } from '@cc/contract';
import { PagedGrid, type PagedGridProps } from '../../../components/grid/PagedGrid';
import type { ServerSort } from '../../../components/grid/ServerSortedGrid';
import { propertyColumns, type GridContext } from './property-columns';
import { SORT_FIELDS, type SortField } from '../model';

const SORTS = Object.fromEntries(SORT_FIELDS.map((f) => [f, f])) as Record<SortField, SortField>;

const ROW_SELECTION: RowSelectionOptions<MeasureItPropertyRow> = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: true,
  enableClickSelection: false,
};
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', width: 44, minWidth: 44, maxWidth: 44 };

export type PropertyGridProps = Pick<
  PagedGridProps<MeasureItPropertyRow, SortField | 'default'>,
  'grid' | 'height' | 'sort' | 'summary' | 'sizes' | 'beside' | 'toolbar'
> & {
  onSortChange: (sort: ServerSort<SortField> | null) => void;
  /** Opens a row in MeasureIt; without it (a user who may not measure) there is no Select column. */
  onSelect?: ((row: MeasureItPropertyRow) => void) | undefined;
  /** Is there an Image column? Not in the modes where no row can have a saved image. */
  withImages: boolean;
  onSelectionChange: (rows: MeasureItPropertyRow[]) => void;
  onApi: (api: GridApi<MeasureItPropertyRow>) => void;
};

/** The search's page of properties: sorted and paged on the server, selectable, a Select button per row. */
export function PropertyGrid({ onSelect, withImages, onSortChange, onApi, ...props }: PropertyGridProps) {
  // The grid takes its columns once: the Image column starts as the first mode has it, then is shown or hidden.
  const [imagesAtStart] = useState(withImages);
  const withSelect = onSelect !== undefined;
  const columns = useMemo(() => propertyColumns(withSelect, imagesAtStart), [withSelect, imagesAtStart]);
  const api = useRef<GridApi<MeasureItPropertyRow> | null>(null);
  useEffect(() => api.current?.setColumnsVisible(['image'], withImages), [withImages]);
  return (
    <PagedGrid<MeasureItPropertyRow, SortField | 'default'>
      label="Properties found"
      data-testid="measureit-search-grid"
      shownMark="measureit-search"
      columns={columns}
      sortFields={SORTS}
      defaultSort={{ sort: 'default', dir: 'asc' }}
      onSortChange={(sort) => onSortChange(sort.sort === 'default' ? null : (sort as ServerSort<SortField>))}
      getRowId={(row) => String(row.propertyId)}
      noRowsText="No properties match."
      rowSelection={ROW_SELECTION}
      selectionColumnDef={SELECTION_COLUMN}
      context={{ onSelect } satisfies GridContext}
      noun="properties"
      summaryTestId="measureit-search-summary"
      onApi={(gridApi) => {
        api.current = gridApi;
        gridApi.setColumnsVisible(['image'], withImages);
        onApi(gridApi);
      }}
      {...props}
    />
  );
}
