/** Username and password rules (administration.md §5). */
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants.js';

export const USERNAME_MESSAGES = {
  length: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters long.`,
  characters: 'Username may contain only letters, digits and underscores, with no spaces.',
  taken: 'Username is already taken.',
} as const;

export const PASSWORD_MESSAGES = {
  length: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
  upper: 'Password must contain an upper-case letter.',
  lower: 'Password must contain a lower-case letter.',
  digit: 'Password must contain a digit.',
  symbol: 'Password must contain a character that is not a letter or digit.',
  confirm: 'Passwords do not match.',
  same: 'The new password must differ from the current one.',
  default: 'This is the default password every new user gets: choose your own.',
} as const;

/** The first rule the username breaks, or null. Uniqueness is checked on the server. */
export function usernameProblem(username: string): string | null {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return USERNAME_MESSAGES.length;
  if (!/^\w+$/.test(username)) return USERNAME_MESSAGES.characters;
  return null;
}

/** The first rule the password breaks, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return PASSWORD_MESSAGES.length;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.upper;
  if (!/[a-z]/.test(password)) return PASSWORD_MESSAGES.lower;
  if (!/\d/.test(password)) return PASSWORD_MESSAGES.digit;
  if (!/[^A-Za-z0-9]/.test(password)) return PASSWORD_MESSAGES.symbol;
  return null;
}

/** The password rules each met or not, for a checklist shown as the password is typed (the rules of `passwordProblem`). */
export function passwordRuleChecks(password: string): { label: string; met: boolean }[] {
  return [
    {
      label: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
      met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    { label: 'An upper-case letter', met: /[A-Z]/.test(password) },
    { label: 'A lower-case letter', met: /[a-z]/.test(password) },
    { label: 'A digit', met: /\d/.test(password) },
    { label: 'A character that is not a letter or digit', met: /[^A-Za-z0-9]/.test(password) },
  ];
}

/** Phone: empty, or a North American number with optional +1, area code and extension. */
export function isNorthAmericanPhone(value: string): boolean {
  if (value.trim() === '') return true;
  // NANP: area code and exchange start with 2-9; parentheses, when used, enclose the whole area code.
  return /^\s*(\+?1[\s.-]?)?(\([2-9]\d{2}\)|[2-9]\d{2})[\s.-]?[2-9]\d{2}[\s.-]?\d{4}(\s*(x|ext\.?|extension)\s*\d{1,6})?\s*$/i.test(
    value,
  );
}
