import { Alert, Anchor, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { passwordProblem, usernameProblem, PASSWORD_MESSAGES } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { useSignup } from '../api/signin';
import { PasswordField } from '../../../components/PasswordField';
import { BusyButton } from '../../../components/BusyButton';

export function SignUpForm({ onDone, onSignin }: { onDone: () => void; onSignin: () => void }) {
  const signup = useSignup();
  const form = useForm({
    initialValues: { username: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      username: (v) => usernameProblem(v),
      firstName: (v) => (v.trim() ? null : 'First name is required.'),
      lastName: (v) => (v.trim() ? null : 'Last name is required.'),
      password: (v) => passwordProblem(v),
      confirmPassword: (v, values) => (v === values.password ? null : PASSWORD_MESSAGES.confirm),
    },
  });
  const serverErrors = signup.error instanceof ApiError ? Object.values(signup.error.errors) : [];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        signup.mutate(values, {
          onSuccess: onDone,
          onError: (error) => {
            if (error instanceof ApiError) form.setErrors(error.errors);
          },
        }),
      )}
    >
      <Stack gap="sm">
        {signup.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Sign-up failed" role="alert">
            {serverErrors.length > 0 ? (
              <List size="sm" data-testid="signup-errors">
                {serverErrors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            ) : (
              signup.error.message
            )}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          autoComplete="username"
          data-autofocus
          required
          {...form.getInputProps('username')}
        />
        <Group grow align="flex-start">
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </Group>
        <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField
          label="Password"
          description="7 to 30 characters with upper and lower case, a digit and a symbol."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <BusyButton type="submit" busy={signup.isPending} fullWidth mt="xs">
          Create account
        </BusyButton>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component="button" type="button" onClick={onSignin}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
