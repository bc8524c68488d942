import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { PASSWORD_MESSAGES, passwordProblem, safeTarget } from '@cc/domain';
import { PasswordField } from '../../../components/PasswordField';
import { PasswordRules } from '../../../components/PasswordRules';
import { api, ApiError } from '../../../lib/api';
import { session, useSession } from '../../../lib/session';
import { adminToast } from '../../../lib/toast';
import { useUpdatePassword } from '../api/profile';
import { BusyButton } from '../../../components/BusyButton';

/** Where the page itself would send the user back to: never to itself. */
const CHANGE_PAGE = /^\/settings\/password(\?|$)/;

/**
 * One's own password (decision 064). A session opened with a password someone else set (the default, or one an
 * administrator chose or reset) is sent here first and makes no other call until the change; then it goes on to where
 * the user was going.
 */
export default function ChangePasswordPage() {
  const current = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = current?.user;
  const change = useUpdatePassword(user?.UserId ?? 0);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: {
      currentPassword: (v) => (v ? null : 'Enter your current password.'),
      password: (v, values) => passwordProblem(v) ?? (v === values.currentPassword ? PASSWORD_MESSAGES.same : null),
      confirmPassword: (v, values) => (v === values.password ? null : PASSWORD_MESSAGES.confirm),
    },
  });
  if (!user) return null;
  const held = user.mustChangePassword;

  const save = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      // The server no longer holds the session: the user as it has it now, flag cleared.
      session.updateUser((await api('session')).user);
      adminToast.success('Your password has been changed.');
      const target = safeTarget(params.get('next'));
      void navigate(CHANGE_PAGE.test(target) ? '/dashboard' : target, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.errors);
      adminToast.error(Object.values(error.errors)[0] ?? error.message, error);
    }
  });

  return (
    <Paper withBorder p="xl" maw={560} mx="auto">
      <form onSubmit={save} noValidate aria-label="Change password">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {held ? 'Choose your password' : 'Change Password'}
            </Title>
            <Text c="gray.7" size="sm">
              Signed in as {user.Username}
            </Text>
          </div>
          {held ? (
            <Alert color="blue" icon={<IconLock size={18} />} title="A password of your own" data-testid="must-change">
              Your password was set by an administrator. Choose your own before you go on.
            </Alert>
          ) : null}
          <PasswordField
            label="Current password"
            description={held ? 'The password you signed in with.' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordRules password={form.values.password} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end" mt="sm">
            <BusyButton type="submit" busy={change.isPending} data-testid="change-password">
              Change password
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
