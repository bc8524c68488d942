import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@cc/domain';
import { PROFILE_RULES, profileValuesOf, type ProfileValues } from './profile-form';

const values = (over: Partial<ProfileValues> = {}): ProfileValues => ({
  ...profileValuesOf({ FirstName: 'Ann', LastName: 'Lee', Email: 'ann@example.com' }),
  ...over,
});
const problems = (v: ProfileValues) =>
  Object.fromEntries(
    (Object.keys(PROFILE_RULES) as (keyof ProfileValues)[])
      .map((k) => [k, PROFILE_RULES[k](v[k], v)] as const)
      .filter(([, message]) => message !== null),
  );

describe('the profile form', () => {
  it("opens on the user's names and email with no password, and empty without a user", () => {
    expect(values()).toEqual({
      FirstName: 'Ann',
      LastName: 'Lee',
      Email: 'ann@example.com',
      currentPassword: '',
      password: '',
      confirmPassword: '',
    });
    expect(profileValuesOf(undefined).FirstName).toBe('');
  });

  it('wants both names and takes an empty or well-formed email', () => {
    expect(problems(values())).toEqual({});
    expect(problems(values({ Email: '' }))).toEqual({});
    expect(problems(values({ FirstName: ' ', LastName: '', Email: 'ann@' }))).toEqual({
      FirstName: 'First name is required.',
      LastName: 'Last name is required.',
      Email: 'Enter a valid email address.',
    });
  });

  it('checks the password fields only once a new password is typed', () => {
    expect(problems(values({ currentPassword: 'x', confirmPassword: 'y' }))).toEqual({});
    expect(problems(values({ password: 'Abcdef1!', confirmPassword: 'Abcdef1?' }))).toEqual({
      currentPassword: 'Enter your current password.',
      confirmPassword: PASSWORD_MESSAGES.confirm,
    });
    expect(problems(values({ currentPassword: 'old', password: 'short', confirmPassword: 'short' }))).toEqual({
      password: PASSWORD_MESSAGES.length,
    });
  });
});
