import { describe, expect, it } from 'vitest';
import { TOAST_MS } from '@cc/domain';
import { ApiError } from './request';
import { autoCloseOf, referenceOf } from './toast-reference';

const FAILED = new ApiError(500, 'INTERNAL', 'Something went wrong on the server.', {}, 'updateCallHistory', 'req-7f');

describe('a toast that carries a reference', () => {
  it("reads the reference from the server failure's requestId, never from words", () => {
    expect(referenceOf(FAILED)).toBe('req-7f');
    expect(referenceOf(new ApiError(400, 'VALIDATION', 'name: is required'))).toBeNull();
    expect(referenceOf(new Error('Something went wrong on the server. (Reference: req-1)'))).toBeNull();
    expect(referenceOf(undefined)).toBeNull();
  });

  it('stays until dismissed when it is an error; every other toast closes after 3000 ms', () => {
    expect(autoCloseOf('error', referenceOf(FAILED))).toBe(false);
    expect(autoCloseOf('error', null)).toBe(TOAST_MS);
    expect(autoCloseOf('info', referenceOf(FAILED))).toBe(TOAST_MS);
  });
});
