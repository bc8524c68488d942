/**
 * Import CSV (administration.md §2, §5, §7, §8; decision 030): pick the call type and, optionally, a franchise with
 * its flag codes; choose the file; see what will happen (rows to add, already imported, dropped and why); then
 * import it all in one transaction. The file goes to the server as it is: nothing big is parsed in the browser.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, FileInput, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { ImportFranchiseFilter, ImportPreview } from '@cc/contract';
import { IMPORT_CALL_TYPES, IMPORT_COLUMNS, importHasBranch, type ImportCallType } from '@cc/domain';
import { CsvImportPreview, CsvImportProgress } from '../../../components/CsvImportPreview';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import type { UtilityDialogProps } from '../utilities';
import { useActiveFranchises } from '../api';
import { downloadProblems, importPreviewed, previewFile, useFlagCodes } from './api';
import { progressOf } from './progress';
import { article, noBranchNote } from './texts';
import { BusyButton } from '../../../components/BusyButton';

export const IMPORTED = 'Outbound Calls Successfully Imported!';
export const CANCELLED = 'Import Outbound Calls Cancelled...';

const LABELS: Record<ImportCallType, string> = {
  Cancel: 'Cancel',
  Upsell: 'Upsell',
  CustomerSurvey: 'Customer Survey',
  SkippedRounds: 'Skipped Rounds',
};

const n = (value: number) => value.toLocaleString('en-US');
const rows = (value: number) => `${n(value)} ${value === 1 ? 'row' : 'rows'}`;
export default function ImportCsvDialog({ opened, onClose }: UtilityDialogProps) {
  const queryClient = useQueryClient();
  const [callType, setCallType] = useState<ImportCallType>('Cancel');
  const [byFranchiseChosen, setByFranchise] = useState(false);
  const byFranchise = byFranchiseChosen || !importHasBranch(callType);
  const [branchNo, setBranchNo] = useState<string | null>(null);
  const [included, setIncluded] = useState<string[]>([]);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [includeUnflagged, setIncludeUnflagged] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'previewing' | 'importing' | 'downloading' | null>(null);
  const [progress, setProgress] = useState<{ label: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The preview's upload, stopped when the dialog is cancelled. */
  const uploading = useRef<AbortController | null>(null);

  const franchises = useActiveFranchises(opened && byFranchise);
  const franchise = franchises.data?.find((f) => f.branchno === branchNo) ?? null;
  const flagCodes = useFlagCodes(byFranchise && franchise ? franchise.sqldbid : null);
  const codeOptions = (flagCodes.data ?? []).map((c) => ({
    value: c.flagCode,
    label: `${c.flagCode} – ${c.description} (${n(c.customers)})`,
  }));

  // Any change of what would be imported makes the preview stale.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setProgress(null);
      setError(null);
    };

  const filter: ImportFranchiseFilter | null =
    byFranchise && franchise
      ? {
          franchise: { branchNo: franchise.branchno, sqldbid: franchise.sqldbid },
          includedFlagCodes: included,
          excludedFlagCodes: excluded,
          includeUnflagged,
        }
      : null;
  const ready = file !== null && (!byFranchise || filter !== null);

  const cancel = () => {
    if (busy === 'importing') return;
    uploading.current?.abort();
    adminToast.info(CANCELLED);
    onClose();
  };

  const runPreview = async () => {
    if (!file) return;
    setBusy('previewing');
    setError(null);
    setPreview(null);
    setProgress(progressOf({ phase: 'uploading', done: 0, total: file.size }));
    const controller = new AbortController();
    uploading.current = controller;
    try {
      setPreview(
        await previewFile({ file, callType, filter }, (phase) => setProgress(progressOf(phase)), controller.signal),
      );
      setProgress(null);
    } catch (e) {
      setProgress(null);
      // A server refusing a very large file may close the connection before the browser has sent it all.
      const cutOff = e instanceof ApiError && e.status === 0 && file.size > 5 * 1024 * 1024;
      setError(
        cutOff
          ? 'The upload was cut off. The server reads files of at most UTILITIES_IMPORT_MAX_MB (20 MB unless configured otherwise).'
          : e instanceof ApiError
            ? e.message
            : 'The file could not be checked. Try again.',
      );
    } finally {
      uploading.current = null;
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!preview) return;
    setBusy('importing');
    setError(null);
    setProgress(progressOf({ phase: 'importing', done: 0, total: preview.toAdd }));
    try {
      await importPreviewed(preview.importId, (phase) => setProgress(progressOf(phase)));
      setProgress(progressOf({ phase: 'importing', done: preview.toAdd, total: preview.toAdd }));
      // The outbound lists and their counts show the new rows at once.
      await queryClient.invalidateQueries({ queryKey: ['outbound'] });
      adminToast.success(IMPORTED);
      onClose();
    } catch (e) {
      setProgress(null);
      setError(e instanceof ApiError ? e.message : 'The import failed; nothing was imported.');
      setBusy(null);
    }
  };

  const download = async () => {
    if (!preview) return;
    setBusy('downloading');
    try {
      await downloadProblems(preview.importId);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The problems list could not be downloaded.');
    } finally {
      setBusy(null);
    }
  };

  const columns = IMPORT_COLUMNS[callType].map(([name]) => name).join(', ');
  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title="Import CSV"
      size="xl"
      closeOnEscape={busy !== 'importing'}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close', disabled: busy === 'importing' }}
      data-testid="import-csv-dialog"
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Call type"
            data={IMPORT_CALL_TYPES.map((t) => ({ value: t, label: LABELS[t] }))}
            value={callType}
            onChange={(v) => v && changed(setCallType)(v)}
            allowDeselect={false}
            disabled={busy !== null}
            data-testid="import-call-type"
          />
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={changed(setFile)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            // Mantine's placeholder grey is too light for AA on white.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={busy !== null}
            data-testid="import-file"
          />
        </Group>
        <Text size="xs" c="gray.7">
          A header row, comma-separated, ISO-8859-1 (or UTF-8). Columns of {article(LABELS[callType])}{' '}
          {LABELS[callType]} file: {columns}.
        </Text>
        <Checkbox
          label="Import by franchise"
          description={importHasBranch(callType) ? undefined : noBranchNote(LABELS[callType])}
          checked={byFranchise}
          disabled={!importHasBranch(callType) || busy !== null}
          onChange={(e) => changed(setByFranchise)(e.currentTarget.checked)}
          data-testid="import-by-franchise"
        />
        {byFranchise && (
          <Stack gap="xs" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}>
            <Select
              label="Franchise"
              placeholder={franchises.isLoading ? 'Loading…' : 'Choose a franchise'}
              data={(franchises.data ?? []).map((f) => ({
                value: f.branchno,
                label: `${f.compname} (${f.branchno}, ${f.sqldbid})`,
              }))}
              value={branchNo}
              onChange={(v) => {
                changed(setBranchNo)(v);
                setIncluded([]);
                setExcluded([]);
              }}
              searchable
              disabled={busy !== null}
              data-testid="import-franchise"
            />
            <Group grow align="flex-start">
              <MultiSelect
                label="Include flag codes"
                description="None chosen: every code not excluded"
                data={codeOptions.filter((o) => !excluded.includes(o.value))}
                value={included}
                onChange={changed(setIncluded)}
                disabled={!franchise || busy !== null}
                data-testid="import-included"
              />
              <MultiSelect
                label="Exclude flag codes"
                description="Customers with any of these are dropped"
                data={codeOptions.filter((o) => !included.includes(o.value))}
                value={excluded}
                onChange={changed(setExcluded)}
                disabled={!franchise || busy !== null}
                data-testid="import-excluded"
              />
            </Group>
            <Checkbox
              label="Include unflagged customers"
              checked={includeUnflagged}
              onChange={(e) => changed(setIncludeUnflagged)(e.currentTarget.checked)}
              disabled={busy !== null}
              data-testid="import-unflagged"
            />
          </Stack>
        )}
        {error && (
          <Alert color="red" title="Not imported" role="alert" data-testid="import-error">
            {error}
          </Alert>
        )}
        {progress && <CsvImportProgress label={progress.label} percent={progress.percent} />}
        {preview && !progress && (
          <CsvImportPreview
            preview={preview}
            onDownloadProblems={() => void download()}
            downloading={busy === 'downloading'}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={cancel} disabled={busy === 'importing'}>
            Cancel
          </Button>
          <BusyButton
            variant={preview ? 'default' : 'filled'}
            onClick={() => void runPreview()}
            disabled={!ready || (busy !== null && busy !== 'previewing')}
            busy={busy === 'previewing'}
            data-testid="import-preview"
          >
            Preview
          </BusyButton>
          <BusyButton
            onClick={() => void runImport()}
            disabled={!preview || preview.toAdd === 0 || (busy !== null && busy !== 'importing')}
            busy={busy === 'importing'}
            data-testid="import-run"
          >
            {preview ? `Import ${rows(preview.toAdd)}` : 'Import'}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
