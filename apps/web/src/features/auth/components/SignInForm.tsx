import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSignin } from '../api/signin';
import { PasswordField } from '../../../components/PasswordField';
import { useClientConfig } from '../../../app/client-config';
import { BusyButton } from '../../../components/BusyButton';
import { useShownMark } from '../../../lib/shown';

export function SignInForm({ onDone, onSignup }: { onDone: () => void; onSignup: () => void }) {
  const { signupEnabled } = useClientConfig();
  const signin = useSignin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username.'),
      password: (v) => (v ? null : 'Enter your password.'),
    },
  });
  useShownMark('signin', true);

  return (
    <form onSubmit={form.onSubmit((values) => signin.mutate(values, { onSuccess: onDone }))} noValidate>
      <Stack gap="sm">
        {signin.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
            {signin.error.message}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus
          required
          {...form.getInputProps('username')}
        />
        <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <BusyButton type="submit" busy={signin.isPending} fullWidth mt="xs">
          Sign in
        </BusyButton>
        {signupEnabled && (
          <Text size="sm" ta="center" c="dimmed">
            New here?{' '}
            <Anchor component="button" type="button" onClick={onSignup}>
              Create an account
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
