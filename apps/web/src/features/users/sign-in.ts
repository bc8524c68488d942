/**
 * How a user signs in, as User Management shows it (docs/decisions/068-sign-out-linking-and-the-signed-out-load.md): an
 * account the company sign-in also signs in as, or made by it, is marked, and its edit screen says what the next
 * company sign-in sets again, so nobody edits those fields expecting them to stay.
 */
import type { SignInKind } from '@cc/contract';

export const SIGN_IN_LABELS: Record<SignInKind, string> = {
  password: 'Password',
  company: 'Company sign-in',
  both: 'Password and company sign-in',
};

/** What the edit screen says of an account the company sign-in signs in as; null for a password-only one. */
export function signInNote(kind: SignInKind): string | null {
  if (kind === 'both') {
    return 'This account is linked to the company sign-in by its verified email: it signs in with its password or through the company sign-in. Each company sign-in sets its name, email, role, brand, company and permissions again; its username, applications and CSR flags stay as set here.';
  }
  if (kind === 'company') {
    return 'This account was made by the company sign-in and signs in only through it. Each company sign-in sets its username, name, email, role, brand, company and permissions again; its applications and CSR flags stay as set here.';
  }
  return null;
}
