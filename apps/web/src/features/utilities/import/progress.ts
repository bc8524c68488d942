/** Where a preview or an import is: the upload's bytes, then the server's phases (its streamed lines). */
export type Phase = {
  phase: 'uploading' | 'reading' | 'checking' | 'staging' | 'importing';
  done: number;
  total: number;
};

const n = (value: number) => value.toLocaleString('en-US');

/** One bar for the whole preview: the upload is the first 40 %, the server's checks the rest. */
export function progressOf(phase: Phase): { label: string; percent: number } {
  const share = phase.total > 0 ? phase.done / phase.total : 0;
  switch (phase.phase) {
    case 'uploading':
      // Sent: the server reads and parses it before its first line.
      if (phase.total > 0 && share >= 1) return { label: 'Reading the file…', percent: 40 };
      return { label: `Uploading the file: ${Math.round(share * 100)} %`, percent: 40 * share };
    case 'reading':
    case 'staging':
      return { label: `Checking rows: ${n(phase.done)} of ${n(phase.total)}`, percent: 40 + 55 * share };
    case 'checking':
      return { label: 'Looking for repeated rows…', percent: 97 };
    case 'importing':
      return phase.done >= phase.total && phase.total > 0
        ? { label: `Imported ${n(phase.total)} rows`, percent: 100 }
        : { label: `Importing ${n(phase.total)} rows in one transaction…`, percent: 60 };
  }
}
