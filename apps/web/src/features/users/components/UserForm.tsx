import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { UserAdminActor } from '@cc/domain';
import { USERNAME_MESSAGES } from '@cc/domain';
import type { UserDetail } from '@cc/contract';
import { useLeaveGuard } from '../../../lib/useLeaveGuard';
import { applyPreview, formRules, NOTHING_HELD, type Held, type UserFormValues } from '../model';
import { AccountSection, type UsernameStatus } from './AccountSection';
import { GrantsSection } from './GrantsSection';
import { OrganisationSection } from './OrganisationSection';
import { NewPasswordSection } from './NewPasswordSection';
import { PendingPasswordSection } from './PendingPasswordSection';
import { TemplatePreviewDialog } from './TemplatePreviewDialog';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { useDefaultGrants, useTemplatePreview, type Reference, type TemplateSource } from './user-form-templates';
import { useSaveUser } from './useSaveUser';
import { useUsernameStatus } from './useUsernameStatus';
import { signInNote } from '../sign-in';
import { BusyButton } from '../../../components/BusyButton';

export interface UserFormProps {
  actor: UserAdminActor;
  reference: Reference;
  /** The user edited, or null for a new one. */
  user: UserDetail | null;
  initial: UserFormValues;
  readOnly: boolean;
  self: boolean;
  /** Set by the page when it leaves on purpose (the user deleted): no question then. */
  leavingRef: { current: boolean };
}

/** The form, with a taken username refused like a rule of its own once the server has said so. */
function useUserFormState(initial: UserFormValues, user: UserDetail | null) {
  const original = user?.Username ?? null;
  const takenRef = useRef(false);
  const rules = formRules(original);
  const form = useForm<UserFormValues>({
    initialValues: initial,
    validateInputOnBlur: true,
    validate: {
      ...rules,
      Username: (v) => rules.Username(v) ?? (takenRef.current && v.trim() === v ? USERNAME_MESSAGES.taken : null),
    },
  });
  const status = useUsernameStatus(form.values.Username, user?.UserId ?? 0, original);
  useLayoutEffect(() => {
    takenRef.current = status === 'taken';
  }, [status]);
  return { form, status };
}

/**
 * The add and edit form (§4): saving a valid user saves the user and all its grants in one call; an invalid one
 * shows every field's problem and 'Please correct invalid entries and try again.'.
 */
export function UserForm({ actor, reference, user, initial, readOnly, self, leavingRef }: UserFormProps) {
  const held: Held = user ? { applications: initial.Applications, permissions: initial.permissions } : NOTHING_HELD;
  const { form, status } = useUserFormState(initial, user);
  // Changes not saved are asked about before the page is left; a save or Cancel leaves on purpose.
  // A form for another user (after a create, the same page shows the new user) starts asking again.
  useEffect(() => {
    leavingRef.current = false;
  }, [leavingRef]);
  const blocker = useLeaveGuard(() => !readOnly && !leavingRef.current && form.isDirty(), true);
  const { save, cancel, saving } = useSaveUser(form, { user, reference, leavingRef });

  const companyId = Number(form.values.CompanyId) || 0;
  const roleId = Number(form.values.RoleId) || 0;
  const source: TemplateSource = { companyId, roleId, reference, actor, held };
  useDefaultGrants(form, !user && !readOnly, source);
  const template = useTemplatePreview(form, source);
  const company = reference.companies.find((c) => c.CompanyId === companyId)?.Description ?? '';
  const role = reference.roles.find((r) => r.RoleId === roleId)?.Description ?? '';
  const note = user ? signInNote(user.SignIn) : null;

  return (
    <form onSubmit={save} noValidate aria-label={user ? `Edit ${user.Username}` : 'Add user'}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {note ? (
          <Alert color="blue" title="Company sign-in" mb="md" data-testid="sign-in-note">
            {note}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Stack gap="md">
            <FormSection title="Account">
              <AccountSection form={withUsernameError(form, status)} usernameStatus={status} />
            </FormSection>
            <FormSection title="Password">
              {user ? <PendingPasswordSection form={form} user={user} /> : <NewPasswordSection form={form} />}
            </FormSection>
            <FormSection title="Company and role">
              <OrganisationSection
                form={form}
                actor={actor}
                brands={reference.brands}
                companies={reference.companies}
                companyRoles={reference.companyRoles}
                franchises={reference.franchises}
                originalRoleId={user?.RoleId ?? null}
                originalCompanyId={user?.CompanyId ?? null}
                self={self}
              />
            </FormSection>
          </Stack>
          <FormSection title="Applications and permissions">
            <GrantsSection
              form={form}
              actor={actor}
              applications={reference.applications}
              defs={reference.permissions}
              held={held}
              onTemplate={companyId && roleId && !readOnly ? (kind) => void template.ask(kind) : undefined}
              templateLoading={template.loading}
            />
          </FormSection>
        </SimpleGrid>
        <FormActions onCancel={cancel} saving={saving} saveLabel={user ? 'Save' : 'Create user'} />
      </fieldset>
      <TemplatePreviewDialog
        preview={template.preview}
        source={`${company} · ${role}`}
        onApply={() => {
          if (template.preview) form.setValues(applyPreview(form.values, template.preview));
          template.setPreview(null);
        }}
        onCancel={() => template.setPreview(null)}
      />
      <UnsavedChangesDialog
        opened={blocker.state === 'blocked'}
        username={user?.Username ?? null}
        onLeave={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
    </form>
  );
}

/** The username's error: the form's own, or 'taken' as soon as the server has said so. */
function withUsernameError(
  form: UseFormReturnType<UserFormValues>,
  status: UsernameStatus,
): UseFormReturnType<UserFormValues> {
  const usernameError = form.errors.Username ?? (status === 'taken' ? USERNAME_MESSAGES.taken : undefined);
  return {
    ...form,
    getInputProps: (path, options) => ({
      ...form.getInputProps(path, options),
      ...(path === 'Username' ? { error: usernameError } : {}),
    }),
  };
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Cancel and Save, kept in view at the window's bottom: the form is taller than a 1366×768 screen. */
function FormActions({ onCancel, saving, saveLabel }: { onCancel: () => void; saving: boolean; saveLabel: string }) {
  return (
    <Group
      justify="flex-end"
      gap="sm"
      mt="md"
      py="sm"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        background: 'var(--mantine-color-body)',
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Button variant="default" onClick={onCancel} data-testid="cancel-save">
        Cancel
      </Button>
      <BusyButton type="submit" busy={saving} data-testid="save-user">
        {saveLabel}
      </BusyButton>
    </Group>
  );
}
