import { describe, expect, it } from 'vitest';
import { shownEmailList } from './model';

describe('the address lists of Franchise Maintenance', () => {
  it('show a space after each semicolon, so lines break between addresses, not inside one', () => {
    expect(shownEmailList('leads@greenmeadows.example;office@sg101.example')).toBe(
      'leads@greenmeadows.example; office@sg101.example',
    );
    expect(shownEmailList(' a@x.example ;; b@y.example, ')).toBe('a@x.example; b@y.example');
    expect(shownEmailList('')).toBe('');
  });
});
