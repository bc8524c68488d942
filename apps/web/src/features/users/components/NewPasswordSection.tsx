import { Checkbox, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PasswordField } from '../../../components/PasswordField';
import { PasswordRules } from '../../../components/PasswordRules';
import type { UserFormValues } from '../model';

/**
 * A new user's password (§5): empty gives the fixed default password; a typed one follows the live rules, ticked as
 * it is typed. The user chooses their own at the first sign-in (decision 064), which the administrator may waive for a
 * typed password only (decision 078).
 */
export function NewPasswordSection({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const typed = form.values.password !== '';
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7" id="new-password-note">
        Leave it empty to give the default password, which the user always changes at the first sign-in.
      </Text>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        aria-describedby="new-password-note"
        data-testid="new-password"
        {...form.getInputProps('password')}
      />
      {typed ? <PasswordRules password={form.values.password} /> : null}
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        disabled={!typed && form.values.confirmPassword === ''}
        data-testid="new-password-confirm"
        {...form.getInputProps('confirmPassword')}
      />
      <Checkbox
        label="Require a password change at first sign-in"
        description={typed ? undefined : 'Always, with the default password.'}
        data-testid="new-password-must-change"
        {...form.getInputProps('mustChangePassword', { type: 'checkbox' })}
        checked={typed ? form.values.mustChangePassword : true}
        disabled={!typed}
      />
    </Stack>
  );
}
