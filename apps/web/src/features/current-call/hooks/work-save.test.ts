import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import {
  retryable,
  RETRY_MS,
  SAVE_DEBOUNCE_MS,
  saveDelay,
  SENT_FRESH_MS,
  sentRevisionOf,
  sentText,
  unsavedNotice,
} from './work-save';

describe('saveDelay', () => {
  it('saves a second after the last change, and retries a failed save after the retry interval', () => {
    expect(saveDelay(0)).toBe(SAVE_DEBOUNCE_MS);
    expect(SAVE_DEBOUNCE_MS).toBe(1000);
    expect(saveDelay(1)).toBe(RETRY_MS);
    expect(saveDelay(7)).toBe(RETRY_MS);
  });
});

describe('retryable', () => {
  it('tries again after a lost connection or a failing server', () => {
    expect(retryable(new ApiError(0, 'NETWORK', 'The server could not be reached.'))).toBe(true);
    expect(retryable(new ApiError(503, 'HTTP_503', 'Unavailable'))).toBe(true);
    expect(retryable(new ApiError(500, 'INTERNAL', 'Failed'))).toBe(true);
  });

  it('waits for the next change after a refusal, and for anything that is not the API’s', () => {
    expect(retryable(new ApiError(409, 'CALL_NOT_HELD', 'The call is not yours.'))).toBe(false);
    expect(retryable(new ApiError(400, 'BAD_REQUEST', 'notes: too long'))).toBe(false);
    expect(retryable(new ApiError(401, 'UNAUTHENTICATED', 'Sign in'))).toBe(false);
    expect(retryable(new Error('boom'))).toBe(false);
    expect(retryable(undefined)).toBe(false);
  });
});

describe('unsavedNotice', () => {
  it('tells the CSR only when a change waits and the server cannot be reached', () => {
    expect(unsavedNotice(true, 0, false)).toBe(true);
    expect(unsavedNotice(true, 1, true)).toBe(true);
    // A change merely waiting for its debounce, or nothing to save: nothing to say.
    expect(unsavedNotice(true, 0, true)).toBe(false);
    expect(unsavedNotice(false, 0, false)).toBe(false);
    expect(unsavedNotice(false, 3, true)).toBe(false);
  });
});

describe('the revision sent as the page went away', () => {
  const now = 1_800_000_000_000;

  it('is read back for the same call a moment later (a reload)', () => {
    expect(sentRevisionOf(sentText('17501/1005', 12, now), '17501/1005', now + 300)).toBe(12);
  });

  it('is not for another call, nor once it is old, nor from a garbled text', () => {
    const text = sentText('17501/1005', 12, now);
    expect(sentRevisionOf(text, '17501/1006', now)).toBeNull();
    expect(sentRevisionOf(text, '17501/1005', now + SENT_FRESH_MS)).toBeNull();
    expect(sentRevisionOf(text, '17501/1005', now - 1)).toBeNull();
    expect(sentRevisionOf(null, '17501/1005', now)).toBeNull();
    expect(sentRevisionOf('17501/1005@x@1', '17501/1005', 2)).toBeNull();
  });

  it('keeps no content: the key, the number and the time only', () => {
    expect(sentText('18001/0', 3, now)).toBe(`18001/0@3@${now}`);
  });
});
