import { describe, expect, it } from 'vitest';
import { progressOf } from './progress';

describe("the import's one progress bar", () => {
  it('runs from the upload (0–40 %) through the server’s checks (40–95 %) to the repeats (97 %)', () => {
    expect(progressOf({ phase: 'uploading', done: 0, total: 1000 })).toEqual({
      label: 'Uploading the file: 0 %',
      percent: 0,
    });
    expect(progressOf({ phase: 'uploading', done: 500, total: 1000 })).toEqual({
      label: 'Uploading the file: 50 %',
      percent: 20,
    });
    expect(progressOf({ phase: 'uploading', done: 1000, total: 1000 })).toEqual({
      label: 'Reading the file…',
      percent: 40,
    });
    expect(progressOf({ phase: 'staging', done: 50_000, total: 100_000 })).toEqual({
      label: 'Checking rows: 50,000 of 100,000',
      percent: 67.5,
    });
    expect(progressOf({ phase: 'checking', done: 100_000, total: 100_000 }).percent).toBe(97);
  });

  it('an import is under way until the server says it is done', () => {
    expect(progressOf({ phase: 'importing', done: 0, total: 100_000 })).toEqual({
      label: 'Importing 100,000 rows in one transaction…',
      percent: 60,
    });
    expect(progressOf({ phase: 'importing', done: 100_000, total: 100_000 })).toEqual({
      label: 'Imported 100,000 rows',
      percent: 100,
    });
    // An upload of an empty body does not divide by zero.
    expect(progressOf({ phase: 'uploading', done: 0, total: 0 }).percent).toBe(0);
  });
});
