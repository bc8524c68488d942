/**
 * Import CSV (administration.md §2, §5, §7, §8; decision 030): pick the call type and, optionally, a franchise with
 * its flag codes; choose the file; see what will happen (rows to add, already imported, dropped and why); then
 * import it all in one transaction. The file goes to the server as it is: nothing big is parsed in the browser.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { CsvImportPreview, CsvImportProgress } from '../../../components/CsvImportPreview';
import { BusyButton } from '../../../components/BusyButton';
import type { UtilityDialogProps } from '../utilities';
import { useActiveFranchises } from '../api';
import { franchiseFilterOf, importsByFranchise, INITIAL_CHOICE, readyToPreview, type ImportChoice } from './choice';
import { FranchiseFields, SourceFields } from './ImportChoiceFields';
import { useImportRun, type ImportRun } from './useImportRun';

export { CANCELLED, IMPORTED } from './useImportRun';

const rows = (value: number) => `${value.toLocaleString('en-US')} ${value === 1 ? 'row' : 'rows'}`;

export default function ImportCsvDialog({ opened, onClose }: UtilityDialogProps) {
  const [choice, setChoice] = useState<ImportChoice>(INITIAL_CHOICE);
  const run = useImportRun(onClose);
  const byFranchise = importsByFranchise(choice);
  const franchises = useActiveFranchises(opened && byFranchise);
  const franchise = franchises.data?.find((f) => f.branchno === choice.branchNo) ?? null;
  const filter = franchiseFilterOf(choice, franchise);
  const { file } = choice;

  // Any change of what would be imported makes the preview stale.
  const choose = (patch: Partial<ImportChoice>) => {
    setChoice((previous) => ({ ...previous, ...patch }));
    run.discard();
  };
  const fields = { choice, choose, disabled: run.busy !== null };
  return (
    <Modal
      opened={opened}
      onClose={run.cancel}
      title="Import CSV"
      size="xl"
      closeOnEscape={run.busy !== 'importing'}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close', disabled: run.busy === 'importing' }}
      data-testid="import-csv-dialog"
    >
      <Stack gap="sm">
        <SourceFields {...fields} />
        {byFranchise && <FranchiseFields {...fields} franchises={franchises} franchise={franchise} />}
        <ImportOutcome run={run} />
        <ImportActions
          run={run}
          ready={readyToPreview(choice, filter)}
          onPreview={() => file && void run.runPreview({ file, callType: choice.callType, filter })}
        />
      </Stack>
    </Modal>
  );
}

/** The error, the progress, or the preview of what the import will do. */
function ImportOutcome({ run }: { run: ImportRun }) {
  const { error, progress, preview } = run;
  return (
    <>
      {error && (
        <Alert color="red" title="Not imported" role="alert" data-testid="import-error">
          {error}
        </Alert>
      )}
      {progress && <CsvImportProgress label={progress.label} percent={progress.percent} />}
      {preview && !progress && (
        <CsvImportPreview
          preview={preview}
          onDownloadProblems={() => void run.download()}
          downloading={run.busy === 'downloading'}
        />
      )}
    </>
  );
}

/** Cancel, Preview (again, after any change), and Import of the rows the preview would add. */
function ImportActions({ run, ready, onPreview }: { run: ImportRun; ready: boolean; onPreview: () => void }) {
  const { busy, preview } = run;
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={run.cancel} disabled={busy === 'importing'}>
        Cancel
      </Button>
      <BusyButton
        variant={preview ? 'default' : 'filled'}
        onClick={onPreview}
        disabled={!ready || (busy !== null && busy !== 'previewing')}
        busy={busy === 'previewing'}
        data-testid="import-preview"
      >
        Preview
      </BusyButton>
      <BusyButton
        onClick={() => void run.runImport()}
        disabled={!preview || preview.toAdd === 0 || (busy !== null && busy !== 'importing')}
        busy={busy === 'importing'}
        data-testid="import-run"
      >
        {preview ? `Import ${rows(preview.toAdd)}` : 'Import'}
      </BusyButton>
    </Group>
  );
}
