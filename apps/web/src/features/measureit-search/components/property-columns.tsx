/**
 * The columns of the search's property grid: which there are, how wide, and how each cell shows its value.
 */
import { Button } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { MeasureItPropertyRow } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { SavedImageThumbnail } from '../../measureit';

export interface GridContext {
  onSelect: ((row: MeasureItPropertyRow) => void) | undefined;
}

function SelectCell({ data, context }: CustomCellRendererProps<MeasureItPropertyRow, unknown, GridContext>) {
  if (!data) return null;
  const who = data.custNo !== null ? `customer ${data.custNo}` : `neighbour at ${data.streetAddress}`;
  return (
    <Button
      tabIndex={-1}
      size="compact-xs"
      variant={data.beingMeasured ? 'outline' : 'light'}
      color={data.beingMeasured ? 'orange' : undefined}
      aria-label={`Select ${who}${data.beingMeasured ? ' (another user is measuring it)' : ''}`}
      title={data.beingMeasured ? 'Another user is measuring this property' : undefined}
      onClick={() => context.onSelect?.(data)}
    >
      Select
    </Button>
  );
}

/** Who a row is, as the thumbnail's and the dialog's names say it. */
const rowName = (row: MeasureItPropertyRow) =>
  `${row.custNo !== null ? `customer ${row.custNo}` : 'the neighbour'} at ${row.streetAddress}`;

function ImageCell({ data }: CustomCellRendererProps<MeasureItPropertyRow>) {
  if (!data?.imagePath) return null;
  return <SavedImageThumbnail url={data.imagePath} of={rowName(data)} height={26} tabIndex={-1} />;
}

/** administration.md §2: custNo, branchNo, names, address, zip (5-4), Prox (yearBuilt), squareFeet, New Neighbor. */
const COLUMNS: ColDef<MeasureItPropertyRow>[] = [
  {
    colId: 'select',
    headerName: '',
    headerTooltip: 'Open the property in MeasureIt',
    width: 76,
    minWidth: 76,
    maxWidth: 76,
    resizable: false,
    cellRenderer: SelectCell,
    cellStyle: { paddingLeft: 4, paddingRight: 4, display: 'flex', alignItems: 'center' },
  },
  {
    colId: 'image',
    headerName: 'Image',
    headerTooltip: 'The saved measurement: click to see it larger',
    width: 62,
    minWidth: 62,
    maxWidth: 62,
    resizable: false,
    sortable: false,
    cellRenderer: ImageCell,
    cellStyle: { paddingLeft: 4, paddingRight: 4, display: 'flex', alignItems: 'center' },
  },
  {
    field: 'custNo',
    headerName: 'Cust No',
    width: 88,
    valueFormatter: ({ value }) => (value === null ? '' : String(value)),
  },
  // Narrowed to what they hold, so the Image column costs the search no column at 1366 px (decision 079).
  { field: 'branchNo', headerName: 'Branch', width: 80 },
  { field: 'firstName', headerName: 'First Name', width: 108 },
  { field: 'lastName', headerName: 'Last Name', width: 116 },
  { field: 'streetAddress', headerName: 'Street Address', flex: 1, minWidth: 170 },
  { field: 'city', headerName: 'City', width: 130 },
  { field: 'state', headerName: 'State', width: 75 },
  { field: 'zip', headerName: 'Zip', width: 110, valueFormatter: ({ value }) => displayZip(String(value ?? '')) },
  {
    field: 'yearBuilt',
    headerName: 'Prox',
    width: 80,
    valueFormatter: ({ value }) => (value === null ? '' : String(value)),
  },
  {
    field: 'squareFeet',
    headerName: 'Square Feet',
    width: 120,
    valueFormatter: ({ value }) => (typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : ''),
  },
  {
    field: 'statusDate',
    headerName: 'New Neighbor',
    width: 130,
    valueFormatter: ({ value }) => (value ? String(value) : ''),
  },
];

/**
 * The columns for a grid: the Select column only for a user who may open a property in MeasureIt, and the Image
 * column hidden at the start unless the first mode shows images.
 */
export function propertyColumns(withSelect: boolean, imagesAtStart: boolean): ColDef<MeasureItPropertyRow>[] {
  return COLUMNS.filter((c) => c.colId !== 'select' || withSelect).map((c) =>
    c.colId === 'image' ? { ...c, hide: !imagesAtStart } : c,
  );
}
