import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput marks an invalid field only with a data attribute; screen readers need
 * aria-invalid on the input itself, as TextInput gives it. Use this for every password field.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
