import { useState } from 'react';
import { Alert, FileInput, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CUSTOM_LIST_IMPORTED, CUSTOM_LIST_IMPORT_FAILED, type CustomListPreview } from '@cc/contract';
import { CsvImportPreview } from '../../../components/CsvImportPreview';
import { adminToast } from '../../../lib/toast';
import { customListsKey, importCustomList, previewCustomList } from '../api';
import { listNameOf, previewCountsOf, previewFiguresOf } from '../model';
import { BusyButton } from '../../../components/BusyButton';

/**
 * §3, §5: a custom search list from a CSV file (BranchNo, CustNo; ISO-8859-1): the server's preview first (found,
 * not found, outside your scope, dropped), then the import of the rows found, under a name.
 */
export function CustomListImport() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<CustomListPreview | null>(null);
  const [busy, setBusy] = useState<'previewing' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One id per previewed file: a retried import answers the list already imported.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const choose = (next: File | null) => {
    setFile(next);
    setName(next ? listNameOf(next.name) : '');
    setPreview(null);
    setError(null);
    setRequestId(crypto.randomUUID());
  };

  const runPreview = async () => {
    if (!file) return;
    setBusy('previewing');
    setError(null);
    try {
      setPreview(await previewCustomList(file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file || !name.trim()) return;
    setBusy('importing');
    setError(null);
    try {
      await importCustomList(file, { name: name.trim(), requestId });
      adminToast.success(CUSTOM_LIST_IMPORTED);
      await queryClient.invalidateQueries({ queryKey: customListsKey });
      choose(null);
    } catch (e) {
      adminToast.error(CUSTOM_LIST_IMPORT_FAILED);
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Import a Customer Search List
        </Title>
        <Text size="sm" c="gray.7">
          A .csv file whose header names BranchNo and CustNo (ISO-8859-1). Only customers found in your franchises are
          imported.
        </Text>
        <Group align="flex-end" gap="sm">
          <FileInput
            label="CSV file"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            // Mantine's placeholder grey is under AA on white.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            w={320}
            data-testid="custom-list-file"
          />
          <TextInput
            label="List name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            w={260}
            data-testid="custom-list-name"
          />
          <BusyButton
            variant="default"
            onClick={() => void runPreview()}
            disabled={!file || busy === 'importing'}
            busy={busy === 'previewing'}
            data-testid="custom-list-preview"
          >
            Preview
          </BusyButton>
          <BusyButton
            onClick={() => void runImport()}
            disabled={!preview || preview.found === 0 || !name.trim() || busy === 'previewing'}
            busy={busy === 'importing'}
            data-testid="custom-list-import"
          >
            Import
          </BusyButton>
        </Group>
        {error ? (
          <Alert color="red" title="The file could not be used" data-testid="custom-list-error">
            {error}
          </Alert>
        ) : null}
        {preview ? <CsvImportPreview preview={previewCountsOf(preview)} figures={previewFiguresOf(preview)} /> : null}
      </Stack>
    </Paper>
  );
}
