import { describe, expect, it } from 'vitest';
import { TOAST_MS } from '@cc/domain';
import { autoCloseOf, referenceOf } from './toast-reference';

const FAILED = 'ERROR Update Call History: Something went wrong on the server. (Reference: req-7f)';

describe('a toast that carries a reference', () => {
  it('reads the reference at the end of the message', () => {
    expect(referenceOf(FAILED)).toEqual({
      text: 'ERROR Update Call History: Something went wrong on the server.',
      reference: 'req-7f',
    });
    expect(referenceOf('Refreshed Cancel Calls')).toBeNull();
    expect(referenceOf('(Reference: req-1) then more')).toBeNull();
  });

  it('stays until dismissed when it is an error; every other toast closes after 3000 ms', () => {
    expect(autoCloseOf('error', FAILED)).toBe(false);
    expect(autoCloseOf('error', 'ERROR Deleting Calls from Cancel Calls!')).toBe(TOAST_MS);
    expect(autoCloseOf('info', FAILED)).toBe(TOAST_MS);
  });
});
