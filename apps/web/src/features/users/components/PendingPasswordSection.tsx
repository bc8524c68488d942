import { Checkbox, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UserDetail } from '@cc/contract';
import type { UserFormValues } from '../model';

/**
 * The edit form's password state (decision 078): whether the user's next sign-in with a password must choose a new
 * one, as saved, and the check box that sets or clears it with the rest of the form. An account that signs in only
 * through the company sign-in has no password to change.
 */
export function PendingPasswordSection({ form, user }: { form: UseFormReturnType<UserFormValues>; user: UserDetail }) {
  if (user.SignIn === 'company') {
    return (
      <Text size="sm" c="gray.7">
        Signs in only through the company sign-in: there is no password to change.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text
        size="sm"
        id="pending-password-state"
        data-testid="pending-password-state"
        fw={user.mustChangePassword ? 600 : undefined}
      >
        {user.mustChangePassword
          ? `A password change is pending: ${user.Username} chooses a new password at the next sign-in.`
          : `No password change is pending: ${user.Username} signs in with the current password.`}
      </Text>
      <Checkbox
        label="Require a password change at the next sign-in"
        aria-describedby="pending-password-state"
        data-testid="pending-password-change"
        {...form.getInputProps('mustChangePassword', { type: 'checkbox' })}
      />
    </Stack>
  );
}
