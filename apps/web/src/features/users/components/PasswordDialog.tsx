import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MESSAGES, passwordProblem } from '@cc/domain';
import { PasswordField } from '../../../components/PasswordField';
import { PasswordRules } from '../../../components/PasswordRules';
import { ApiError } from '../../../lib/api';
import { ACCESS_DENIED } from '../../../lib/request';
import { adminToast } from '../../../lib/toast';
import { useUserWrites } from '../api/users';
import { TEXTS } from '../model';
import { BusyButton } from '../../../components/BusyButton';

export interface PasswordDialogProps {
  opened: boolean;
  userId: number;
  username: string;
  onClose: () => void;
}

/**
 * An administrator's password reset for another user (updatePassword; decision 026): the user's other sessions
 * end, and the user chooses its own password at the next sign-in (decision 064). Closing the dialog without saving says so ('Password Update Cancelled...').
 */
export function PasswordDialog({ opened, userId, username, onClose }: PasswordDialogProps) {
  const { resetPassword } = useUserWrites();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validateInputOnChange: true,
    validate: {
      password: (v) => passwordProblem(v),
      confirmPassword: (v, values) => (v === values.password ? null : PASSWORD_MESSAGES.confirm),
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };
  const cancel = () => {
    close();
    adminToast.info(TEXTS.passwordCancelled);
  };
  const save = form.onSubmit(
    async (values) => {
      try {
        await resetPassword.mutateAsync({ UserId: userId, body: values });
        close();
        adminToast.success(TEXTS.passwordUpdated(username));
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) form.setErrors(error.errors);
        if (error instanceof ApiError && error.status === 400) adminToast.error(TEXTS.invalid);
        // A refusal of the rules (decision 056) says why; the API client has already said 'Access Denied.'.
        else if (error instanceof ApiError && error.status === 403 && error.message !== ACCESS_DENIED) {
          adminToast.error(error.message, error);
        }
      }
    },
    () => adminToast.error(TEXTS.invalid),
  );

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={`Reset the password of ${username}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="password-dialog"
    >
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            The user is signed out everywhere else, signs in with the new password and then chooses their own.
          </Text>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordRules password={form.values.password} />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={resetPassword.isPending}>
              Save password
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
