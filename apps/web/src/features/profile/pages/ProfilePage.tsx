import { Button, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { adminToast } from '../../../lib/toast';
import { useUpdatePassword, useUpdateProfile } from '../api/profile';
import { PasswordField } from '../../../components/PasswordField';
import { BusyButton } from '../../../components/BusyButton';
import { NO_PASSWORD_CHANGE, PROFILE_RULES, profileValuesOf, type ProfileValues } from '../profile-form';

/** A user edits their own profile; the password changes only when a new one is entered. */
export default function ProfilePage() {
  const current = useSession();
  const user = current?.user;
  const updateProfile = useUpdateProfile(user?.UserId ?? 0);
  const updatePassword = useUpdatePassword(user?.UserId ?? 0);
  const form = useForm<ProfileValues>({ initialValues: profileValuesOf(user), validate: PROFILE_RULES });
  if (!user) return null;

  const save = form.onSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync({ FirstName: values.FirstName, LastName: values.LastName, Email: values.Email });
      if (values.password) {
        await updatePassword.mutateAsync({
          currentPassword: values.currentPassword,
          password: values.password,
          confirmPassword: values.confirmPassword,
        });
        form.setValues(NO_PASSWORD_CHANGE);
      }
      form.resetDirty();
      adminToast.success('User Profile Updated');
    } catch (error) {
      if (error instanceof ApiError) {
        form.setErrors(error.errors);
        // The field's own message, not the server's 'field: message' summary.
        adminToast.error(Object.values(error.errors)[0] ?? error.message, error);
      }
    }
  });

  const cancelPassword = () => {
    form.setValues(NO_PASSWORD_CHANGE);
    form.clearFieldError('currentPassword');
    form.clearFieldError('password');
    form.clearFieldError('confirmPassword');
    adminToast.info('Password Update Cancelled...');
  };

  return (
    <Paper withBorder p="xl" maw={720} mx="auto">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              User Profile
            </Title>
            <Text c="dimmed" size="sm">
              Signed in as {user.Username} · {user.CompanyName} · {user.role}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required autoComplete="given-name" {...form.getInputProps('FirstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...form.getInputProps('LastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('Email')} />
          <PasswordChange form={form} />
          <Group justify="space-between" mt="sm">
            <Button
              variant="default"
              onClick={cancelPassword}
              disabled={!form.values.password && !form.values.currentPassword}
            >
              Cancel password change
            </Button>
            <BusyButton type="submit" busy={updateProfile.isPending || updatePassword.isPending}>
              Save
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The optional password change: the current password, then the new one twice side by side. */
function PasswordChange({ form }: { form: UseFormReturnType<ProfileValues> }) {
  return (
    <>
      <Divider label="Change password (optional)" labelPosition="left" mt="sm" />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordField
          label="New password"
          description="7-30 characters: upper and lower case, digit, symbol."
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        {/* A line under its label as the new password has: the two boxes side by side on one line. */}
        <PasswordField
          label="Confirm new password"
          description="The new password again."
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
      </SimpleGrid>
    </>
  );
}
