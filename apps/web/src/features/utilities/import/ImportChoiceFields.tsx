/**
 * The import dialog's choices, in the order the user makes them (administration.md §7): the call type and the file,
 * then, when the import goes by franchise, the franchise, its flag codes to include and exclude, and whether
 * unflagged customers come too.
 */
import { Checkbox, FileInput, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { IMPORT_CALL_TYPES, IMPORT_COLUMNS, importHasBranch } from '@cc/domain';
import type { useActiveFranchises } from '../api';
import { useFlagCodes } from './api';
import { CALL_TYPE_LABELS, importsByFranchise, type Franchise, type ImportChoice } from './choice';
import { article, noBranchNote } from './texts';

const n = (value: number) => value.toLocaleString('en-US');

interface ChoiceProps {
  choice: ImportChoice;
  /** Changes the choice; what would be imported changes with it. */
  choose: (patch: Partial<ImportChoice>) => void;
  disabled: boolean;
}

/** The call type, the file, the columns its file has, and "Import by franchise". */
export function SourceFields({ choice, choose, disabled }: ChoiceProps) {
  const label = CALL_TYPE_LABELS[choice.callType];
  const columns = IMPORT_COLUMNS[choice.callType].map(([name]) => name).join(', ');
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label="Call type"
          data={IMPORT_CALL_TYPES.map((t) => ({ value: t, label: CALL_TYPE_LABELS[t] }))}
          value={choice.callType}
          onChange={(v) => v && choose({ callType: v })}
          allowDeselect={false}
          disabled={disabled}
          data-testid="import-call-type"
        />
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          value={choice.file}
          onChange={(file) => choose({ file })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the file' }}
          // Mantine's placeholder grey is too light for AA on white.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          disabled={disabled}
          data-testid="import-file"
        />
      </Group>
      <Text size="xs" c="gray.7">
        A header row, comma-separated, ISO-8859-1 (or UTF-8). Columns of {article(label)} {label} file: {columns}.
      </Text>
      <Checkbox
        label="Import by franchise"
        description={importHasBranch(choice.callType) ? undefined : noBranchNote(label)}
        checked={importsByFranchise(choice)}
        disabled={!importHasBranch(choice.callType) || disabled}
        onChange={(e) => choose({ byFranchiseChosen: e.currentTarget.checked })}
        data-testid="import-by-franchise"
      />
    </>
  );
}

/** The franchise, its flag codes to include and to exclude (each list offering what the other has not taken). */
export function FranchiseFields({
  choice,
  choose,
  disabled,
  franchises,
  franchise,
}: ChoiceProps & { franchises: ReturnType<typeof useActiveFranchises>; franchise: Franchise | null }) {
  const flagCodes = useFlagCodes(franchise ? franchise.sqldbid : null);
  const codeOptions = (flagCodes.data ?? []).map((c) => ({
    value: c.flagCode,
    label: `${c.flagCode} – ${c.description} (${n(c.customers)})`,
  }));
  return (
    <Stack gap="xs" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
      <Select
        label="Franchise"
        placeholder={franchises.isLoading ? 'Loading…' : 'Choose a franchise'}
        data={(franchises.data ?? []).map((f) => ({
          value: f.branchno,
          label: `${f.compname} (${f.branchno}, ${f.sqldbid})`,
        }))}
        value={choice.branchNo}
        onChange={(branchNo) => choose({ branchNo, included: [], excluded: [] })}
        searchable
        disabled={disabled}
        data-testid="import-franchise"
      />
      <Group grow align="flex-start">
        <MultiSelect
          label="Include flag codes"
          description="None chosen: every code not excluded"
          data={codeOptions.filter((o) => !choice.excluded.includes(o.value))}
          value={choice.included}
          onChange={(included) => choose({ included })}
          disabled={!franchise || disabled}
          data-testid="import-included"
        />
        <MultiSelect
          label="Exclude flag codes"
          description="Customers with any of these are dropped"
          data={codeOptions.filter((o) => !choice.included.includes(o.value))}
          value={choice.excluded}
          onChange={(excluded) => choose({ excluded })}
          disabled={!franchise || disabled}
          data-testid="import-excluded"
        />
      </Group>
      <Checkbox
        label="Include unflagged customers"
        checked={choice.includeUnflagged}
        onChange={(e) => choose({ includeUnflagged: e.currentTarget.checked })}
        disabled={disabled}
        data-testid="import-unflagged"
      />
    </Stack>
  );
}
