import { Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import type { UserFormValues } from '../model';

export type UsernameStatus = 'idle' | 'checking' | 'free' | 'taken';

export interface AccountSectionProps {
  form: UseFormReturnType<UserFormValues>;
  usernameStatus: UsernameStatus;
}

/** Username (checked as it is typed), names, email, phone and the phone extension. */
export function AccountSection({ form, usernameStatus }: AccountSectionProps) {
  const username = form.getInputProps('Username');
  return (
    <Stack gap="sm">
      <TextInput
        label="Username"
        required
        autoComplete="off"
        description={
          usernameStatus === 'checking'
            ? 'Checking whether the name is free…'
            : usernameStatus === 'free'
              ? 'The name is free.'
              : '5 to 30 letters, digits or underscores.'
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rightSection={
          usernameStatus === 'checking' ? (
            <Loader size={14} aria-hidden />
          ) : usernameStatus === 'free' ? (
            <IconCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
          ) : null
        }
        data-testid="username"
        {...username}
      />
      <SimpleGrid cols={2}>
        <TextInput label="First Name" required autoComplete="off" {...form.getInputProps('FirstName')} />
        <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('LastName')} />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('Email')} />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="off"
          description="Optional: +1, area code, extension allowed"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput
          label="Extension"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          description="Optional: 2 to 10 digits; the phone system may name this user by it"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-testid="extension"
          {...form.getInputProps('extension')}
        />
      </SimpleGrid>
    </Stack>
  );
}
