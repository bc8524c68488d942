import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PASSWORD_MESSAGES,
  USERNAME_MESSAGES,
  isNorthAmericanPhone,
  passwordProblem,
  usernameProblem,
} from './validation.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.js';

describe('username and password limits', () => {
  it('are the numbers of the spec', () => {
    expect([USERNAME_MIN, USERNAME_MAX, PASSWORD_MIN, PASSWORD_MAX]).toEqual([5, 30, 7, 30]);
    expect(USERNAME_MESSAGES.length).toBe('Username must be 5 to 30 characters long.');
    expect(PASSWORD_MESSAGES.length).toBe('Password must be 7 to 30 characters long.');
  });
});

describe('usernameProblem', () => {
  it.each<[string, string, string | null]>([
    ['empty', '', USERNAME_MESSAGES.length],
    ['4 characters', 'abcd', USERNAME_MESSAGES.length],
    ['5 characters', 'abcde', null],
    ['30 characters', 'a'.repeat(30), null],
    ['31 characters', 'a'.repeat(31), USERNAME_MESSAGES.length],
    ['letters, digits and underscores', 'Csr_Franchise_01', null],
    ['only digits', '12345', null],
    ['only underscores', '_____', null],
    ['inner space', 'csr franchise', USERNAME_MESSAGES.characters],
    ['leading space', ' admin', USERNAME_MESSAGES.characters],
    ['trailing space', 'admin ', USERNAME_MESSAGES.characters],
    ['tab', 'ad\tmin', USERNAME_MESSAGES.characters],
    ['hyphen', 'csr-franchise', USERNAME_MESSAGES.characters],
    ['dot', 'csr.franchise', USERNAME_MESSAGES.characters],
    ['at sign', 'csr@franchise', USERNAME_MESSAGES.characters],
    ['accented letter', 'josé_1', USERNAME_MESSAGES.characters],
    ['newline at the end', 'admin\n', USERNAME_MESSAGES.characters],
    ['too short and bad characters: length first', 'a b', USERNAME_MESSAGES.length],
  ])('%s (%j) → %s', (_name, username, expected) => {
    expect(usernameProblem(username)).toBe(expected);
  });

  it('property: only word characters, 5 to 30 long, is always valid', () => {
    const word = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_');
    fc.assert(
      fc.property(fc.array(word, { minLength: 5, maxLength: 30 }), (chars) => {
        expect(usernameProblem(chars.join(''))).toBeNull();
      }),
    );
  });

  it('property: any length outside 5 to 30 is refused for its length', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 4 }), fc.string({ minLength: 31, maxLength: 60 })), (username) => {
        expect(usernameProblem(username)).toBe(USERNAME_MESSAGES.length);
      }),
    );
  });
});

describe('passwordProblem', () => {
  it.each<[string, string, string | null]>([
    ['empty', '', PASSWORD_MESSAGES.length],
    ['6 characters', 'Aa1!aa', PASSWORD_MESSAGES.length],
    ['7 characters', 'Aa1!aaa', null],
    ['30 characters', `Aa1!${'a'.repeat(26)}`, null],
    ['31 characters', `Aa1!${'a'.repeat(27)}`, PASSWORD_MESSAGES.length],
    ['the demo password', 'Demo-pass1', null],
    ['no upper-case letter', 'demo-pass1', PASSWORD_MESSAGES.upper],
    ['no lower-case letter', 'DEMO-PASS1', PASSWORD_MESSAGES.lower],
    ['no digit', 'Demo-passX', PASSWORD_MESSAGES.digit],
    ['no symbol', 'Demopass1', PASSWORD_MESSAGES.symbol],
    ['a space counts as a symbol', 'Demo pass1', null],
    ['an underscore counts as a symbol', 'Demo_pass1', null],
    ['only letters', 'abcdefgh', PASSWORD_MESSAGES.upper],
    ['only digits', '12345678', PASSWORD_MESSAGES.upper],
    ['short and weak: length first', 'abc', PASSWORD_MESSAGES.length],
  ])('%s → %s', (_name, password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it('property: upper, lower, digit and symbol, 7 to 30 long, is always valid', () => {
    const pick = (chars: string) => fc.constantFrom(...chars.split(''));
    const any = pick('abcXYZ019!-_ #.');
    fc.assert(
      fc.property(
        pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        pick('abcdefghijklmnopqrstuvwxyz'),
        pick('0123456789'),
        pick('!@#$%^&*()-_=+ .,;:'),
        fc.array(any, { minLength: 3, maxLength: 26 }),
        (upper, lower, digit, symbol, rest) => {
          const password = [upper, lower, digit, symbol, ...rest].reverse().join('');
          expect(passwordProblem(password)).toBeNull();
        },
      ),
    );
  });
});

describe('isNorthAmericanPhone', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['   ', true],
    ['3125551234', true],
    ['312-555-1234', true],
    ['312.555.1234', true],
    ['312 555 1234', true],
    ['(312) 555-1234', true],
    ['(312)555-1234', true],
    ['+1 312 555 1234', true],
    ['+13125551234', true],
    ['1-312-555-1234', true],
    ['13125551234', true],
    ['312-555-1234 x12', true],
    ['312-555-1234 ext. 123456', true],
    ['312-555-1234 extension 7', true],
    ['312-555-1234x7', true],
    ['312-555-1234 EXT 7', true],
    [' 312-555-1234 ', true],
    ['112-555-1234', false],
    ['012-555-1234', false],
    ['312-555-123', false],
    ['312-555-12345', false],
    ['555-1234', false],
    ['+2 312 555 1234', false],
    ['+44 20 7946 0958', false],
    ['312-555-1234 x1234567', false],
    ['312-555-1234 x', false],
    ['phone', false],
    ['312-155-1234', false],
    ['312-055-1234', false],
    ['(312 555 1234', false],
    ['312) 555 1234', false],
    ['312-555-abcd', false],
  ])('%j → %s', (value, expected) => {
    expect(isNorthAmericanPhone(value)).toBe(expected);
  });
});
