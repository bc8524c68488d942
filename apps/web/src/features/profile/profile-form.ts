/** The profile form's values and rules, apart from the page: the password is checked only when a new one is typed. */
import { PASSWORD_MESSAGES, passwordProblem } from '@cc/domain';

export interface ProfileValues {
  FirstName: string;
  LastName: string;
  Email: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** The form as it opens: the user's names and email, no password. */
export function profileValuesOf(
  user: { FirstName: string; LastName: string; Email: string } | undefined,
): ProfileValues {
  return {
    FirstName: user?.FirstName ?? '',
    LastName: user?.LastName ?? '',
    Email: user?.Email ?? '',
    currentPassword: '',
    password: '',
    confirmPassword: '',
  };
}

/** The password fields emptied, after a change is saved or cancelled. */
export const NO_PASSWORD_CHANGE = { currentPassword: '', password: '', confirmPassword: '' } as const;

type Rule = (value: string, values: ProfileValues) => string | null;

/** Each field's rule: its message, or null when the value will do. */
export const PROFILE_RULES: Record<keyof ProfileValues, Rule> = {
  FirstName: (v) => (v.trim() ? null : 'First name is required.'),
  LastName: (v) => (v.trim() ? null : 'Last name is required.'),
  Email: (v) => (v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'Enter a valid email address.'),
  currentPassword: (v, values) => (values.password && !v ? 'Enter your current password.' : null),
  password: (v) => (v ? passwordProblem(v) : null),
  confirmPassword: (v, values) => (values.password && v !== values.password ? PASSWORD_MESSAGES.confirm : null),
};
