/**
 * The import's steps once the choices are made (administration.md §7, §8; decision 030): preview the file (its
 * upload stopped when the dialog is cancelled), download the problems list, import what the preview showed in one
 * transaction; each with its progress and its error in the dialog's words.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportFranchiseFilter, ImportPreview } from '@cc/contract';
import type { ImportCallType } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { downloadProblems, importPreviewed, previewFile } from './api';
import { previewFailure } from './choice';
import { progressOf } from './progress';

export const IMPORTED = 'Outbound Calls Successfully Imported!';
export const CANCELLED = 'Import Outbound Calls Cancelled...';

export type ImportBusy = 'previewing' | 'importing' | 'downloading' | null;

export interface PreviewArgs {
  file: File;
  callType: ImportCallType;
  filter: ImportFranchiseFilter | null;
}

export function useImportRun(onClose: () => void) {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<ImportBusy>(null);
  const [progress, setProgress] = useState<{ label: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The preview's upload, stopped when the dialog is cancelled. */
  const uploading = useRef<AbortController | null>(null);

  /** What would be imported has changed: the preview, its progress and its error are stale. */
  const discard = () => {
    setPreview(null);
    setProgress(null);
    setError(null);
  };

  const cancel = () => {
    if (busy === 'importing') return;
    uploading.current?.abort();
    adminToast.info(CANCELLED);
    onClose();
  };

  const runPreview = async ({ file, callType, filter }: PreviewArgs) => {
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
      setError(previewFailure(e, file.size));
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

  return { preview, busy, progress, error, discard, cancel, runPreview, runImport, download };
}

export type ImportRun = ReturnType<typeof useImportRun>;
