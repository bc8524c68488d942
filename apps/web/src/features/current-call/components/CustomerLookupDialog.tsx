import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { RouteResponse } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { DataGrid } from '../../../components/DataGrid';
import { GridPager } from '../../../components/grid/GridPager';
import { useServerGrid, type PagedView } from '../../../components/grid/useServerGrid';
import { customerLookupQuery } from '../api/customerLookup';
import { BusyButton } from '../../../components/BusyButton';

/** Customer lookup page size (call-handling.md §9). */
export const LOOKUP_PAGE_SIZE = 25;

type LookupRow = RouteResponse<'customerLookup'>['data'][number];
interface Criteria {
  lastname: string;
  firstname: string;
  phone: string;
  address: string;
}
const EMPTY: Criteria = { lastname: '', firstname: '', phone: '', address: '' };

interface GridContext {
  onSelect: (customerNo: number) => void;
}

function SelectCell({ data, context }: CustomCellRendererProps<LookupRow, unknown, GridContext>) {
  if (!data) return null;
  return (
    <Button
      // The cell is the tab stop: Enter on the row selects it (one tab stop per grid).
      tabIndex={-1}
      size="compact-xs"
      variant="light"
      aria-label={`Select account ${data.customerNo}, ${data.firstName} ${data.lastName}`}
      onClick={() => context.onSelect(data.customerNo)}
    >
      Select
    </Button>
  );
}

const COLUMNS: ColDef<LookupRow>[] = [
  {
    colId: 'select',
    headerName: '',
    headerTooltip: 'Select the account',
    width: 72,
    minWidth: 72,
    maxWidth: 72,
    sortable: false,
    resizable: false,
    cellRenderer: SelectCell,
    cellStyle: { paddingLeft: 4, paddingRight: 4, display: 'flex', alignItems: 'center' },
  },
  { field: 'customerNo', headerName: 'Account', width: 95 },
  {
    colId: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 150,
    valueGetter: ({ data }) => (data ? `${data.lastName}, ${data.firstName}` : ''),
  },
  { field: 'address', headerName: 'Address', flex: 1.2, minWidth: 150 },
  { field: 'city', headerName: 'City', width: 110 },
  { field: 'zip', headerName: 'Zip', width: 95, valueFormatter: ({ value }) => displayZip(String(value ?? '')) },
  { field: 'phone', headerName: 'Phone', width: 130 },
  { field: 'customerType', headerName: 'Type', width: 140 },
  { field: 'branchno', headerName: 'Branch', width: 85 },
];

export interface CustomerLookupDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  sqldbid: number;
  /** The Select button: the chosen account number. */
  onSelect: (customerNo: number) => void;
}

/** The customer lookup: the franchise's customers by name, phone or address, 25 a page; Select returns the account. */
export function CustomerLookupDialog({ opened, onClose, stackId, sqldbid, onSelect }: CustomerLookupDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Customer Lookup"
      size="80rem"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="customer-lookup-dialog"
    >
      {opened ? <Lookup sqldbid={sqldbid} onSelect={onSelect} onCancel={onClose} /> : null}
    </Modal>
  );
}

/** The lookup's view: the criteria searched (none yet: no search) and the page, of 25. */
interface LookupView extends PagedView {
  criteria: Criteria | null;
}

/** The criteria as searched: trimmed; none when every box is blank. */
function criteriaOf(draft: Criteria): Criteria | null {
  const trimmed: Criteria = {
    lastname: draft.lastname.trim(),
    firstname: draft.firstname.trim(),
    phone: draft.phone.trim(),
    address: draft.address.trim(),
  };
  return Object.values(trimmed).every((v) => v === '') ? null : trimmed;
}

/** The franchise's customers of the criteria searched, a page at a time through the one paging hook. */
function useLookupGrid(sqldbid: number) {
  const [view, setView] = useState<LookupView>({ criteria: null, page: 1, size: LOOKUP_PAGE_SIZE });
  const change = useCallback((next: Partial<LookupView>) => setView((last) => ({ ...last, ...next })), []);
  const grid = useServerGrid({
    view,
    change,
    queryOf: (v: LookupView) => ({ sqldbid, ...v.criteria, page: v.page, pageSize: v.size }),
    options: customerLookupQuery,
    pageOf: (answer) => ({ rows: answer.data, total: answer.total }),
    enabled: view.criteria !== null,
  });
  return { grid, searched: view.criteria !== null };
}

function Lookup({
  sqldbid,
  onSelect,
  onCancel,
}: {
  sqldbid: number;
  onSelect: (n: number) => void;
  onCancel: () => void;
}) {
  const { grid, searched } = useLookupGrid(sqldbid);
  const lookup = grid.query;
  const [hint, setHint] = useState<string | null>(null);
  const context = useMemo<GridContext>(() => ({ onSelect }), [onSelect]);

  const search = (draft: Criteria) => {
    const criteria = criteriaOf(draft);
    setHint(criteria ? null : 'Enter a name, phone or address to look up.');
    if (criteria) grid.refine({ criteria });
  };

  const onCellKeyDown = (event: CellKeyDownEvent<LookupRow> | FullWidthCellKeyDownEvent<LookupRow>) => {
    const key = event.event as KeyboardEvent | null | undefined;
    if (!key || key.key !== 'Enter' || !event.data) return;
    if (key.target instanceof HTMLElement && key.target.closest('button')) return;
    onSelect(event.data.customerNo);
  };

  return (
    <Stack gap="sm">
      <LookupForm onSearch={search} busy={lookup.isFetching} />
      {hint ? (
        <Text size="sm" c="red.8" role="alert">
          {hint}
        </Text>
      ) : null}
      {lookup.error ? (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
          {lookup.error.message}
        </Alert>
      ) : null}
      <DataGrid<LookupRow>
        label="Customer lookup results"
        height={420}
        data-testid="customer-lookup-grid"
        rowData={grid.rows}
        columnDefs={COLUMNS}
        defaultColDef={{ sortable: false, resizable: true }}
        context={context}
        getRowId={({ data }) => String(data.customerNo)}
        loading={grid.loading}
        onCellKeyDown={onCellKeyDown}
        onRowDoubleClicked={({ data }) => data && onSelect(data.customerNo)}
        overlayNoRowsTemplate={
          searched ? '<span>No customers match.</span>' : '<span>Enter a name, phone or address and search.</span>'
        }
      />
      <Group justify="space-between">
        <Text size="sm" c="gray.7" aria-live="polite">
          {searched && lookup.data ? `${grid.total.toLocaleString()} customer${grid.total === 1 ? '' : 's'} found` : ''}
        </Text>
        <Group gap="sm">
          <GridPager pages={grid.pages} page={grid.page} onChange={grid.onPage} label="Pages of customers" hideSingle />
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** The lookup's criteria: a name, a phone or the start of an address. */
function LookupForm({ onSearch, busy }: { onSearch: (draft: Criteria) => void; busy: boolean }) {
  const [draft, setDraft] = useState<Criteria>(EMPTY);
  const input = (name: keyof Criteria, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      value={draft[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, [name]: value }));
      }}
      {...extra}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
      aria-label="Customer lookup criteria"
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SimpleGrid cols={4} spacing="sm" style={{ flex: 1 }}>
          {input('lastname', 'Last name', { 'data-autofocus': true, maxLength: 50 })}
          {input('firstname', 'First name', { maxLength: 50 })}
          {input('phone', 'Phone', { type: 'tel', maxLength: 30 })}
          {input('address', 'Address', { maxLength: 100, placeholder: 'Starts with, e.g. 1420 W Ogden' })}
        </SimpleGrid>
        <BusyButton type="submit" leftSection={<IconSearch size={16} />} busy={busy}>
          Search
        </BusyButton>
      </Group>
    </form>
  );
}
