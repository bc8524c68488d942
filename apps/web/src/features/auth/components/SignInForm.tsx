import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSignin } from '../api/signin';
import { PasswordField } from '../../../components/PasswordField';
import { useClientConfig } from '../../../app/client-config';
import { BusyButton } from '../../../components/BusyButton';
import { useShownMark } from '../../../lib/shown';

type Field = 'username' | 'password';
type Values = Record<Field, string>;

const PROBLEMS: Record<Field, (value: string) => string | null> = {
  username: (v) => (v.trim() ? null : 'Enter your username.'),
  password: (v) => (v ? null : 'Enter your password.'),
};

/**
 * The sign-in form keeps its two fields in plain state rather than through @mantine/form, which would add about 5 KB
 * gzip to the sign-in page's first download (docs/decisions/103-the-sign-in-page-s-first-download.md). As a form of
 * @mantine/form does, it says what is missing when sent, and a field's message goes as soon as it is edited.
 */
export function SignInForm({ onDone, onSignup }: { onDone: () => void; onSignup: () => void }) {
  const { signupEnabled } = useClientConfig();
  const signin = useSignin();
  const [values, setValues] = useState<Values>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useShownMark('signin', true);

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const name of Object.keys(PROBLEMS) as Field[]) {
      const problem = PROBLEMS[name](values[name]);
      if (problem) found[name] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) signin.mutate(values, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {signin.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Sign-in failed" role="alert">
            {signin.error.message}
          </Alert>
        ) : null}
        <TextInput label="Username" autoComplete="username" data-autofocus required {...field('username')} />
        <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
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
