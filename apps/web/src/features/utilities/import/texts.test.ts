import { describe, expect, it } from 'vitest';
import { article, noBranchNote } from './texts';

describe('the import texts', () => {
  it('a call type starting with a vowel takes "an", at the start of a sentence too', () => {
    expect(article('Upsell')).toBe('an');
    expect(article('Cancel')).toBe('a');
    expect(noBranchNote('Upsell')).toBe('An Upsell file names no branch: choose its franchise.');
    expect(noBranchNote('Customer Survey')).toBe('A Customer Survey file names no branch: choose its franchise.');
  });
});
