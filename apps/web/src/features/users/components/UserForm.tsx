import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { UserAdminActor } from '@cc/domain';
import { USERNAME_MESSAGES, usernameProblem } from '@cc/domain';
import type { UserDetail } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { ACCESS_DENIED } from '../../../lib/request';
import { adminToast } from '../../../lib/toast';
import { useLeaveGuard } from '../../../lib/useLeaveGuard';
import { templates, userAdminKeys, usernameExists, useUserWrites, type useUserFormReference } from '../api/users';
import {
  applyPreview,
  editUserPath,
  formOf,
  formRules,
  NOTHING_HELD,
  passwordOf,
  previewDefaultApplications,
  previewDefaultPermissions,
  requestOf,
  TEXTS,
  USERS_PATH,
  type Held,
  type TemplatePreview,
  type UserFormValues,
} from '../model';
import { AccountSection, type UsernameStatus } from './AccountSection';
import { GrantsSection } from './GrantsSection';
import { OrganisationSection } from './OrganisationSection';
import { NewPasswordSection } from './NewPasswordSection';
import { PendingPasswordSection } from './PendingPasswordSection';
import { TemplatePreviewDialog } from './TemplatePreviewDialog';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { signInNote } from '../sign-in';
import { BusyButton } from '../../../components/BusyButton';

type Reference = NonNullable<ReturnType<typeof useUserFormReference>['data']>;

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

/** Is the name free? Asked once the typing pauses, of names that pass the §5 rules and differ from the user's own. */
function useUsernameStatus(username: string, userId: number, original: string | null): UsernameStatus {
  const typed = username.trim();
  const [debounced] = useDebouncedValue(typed, 400);
  const relevant = debounced !== '' && debounced !== original && usernameProblem(debounced) === null;
  const check = useQuery({
    queryKey: [...userAdminKeys.root, 'username-exists', userId, debounced] as const,
    queryFn: ({ signal }) => usernameExists(userId, debounced, signal),
    enabled: relevant,
    staleTime: 0,
    retry: false,
  });
  if (typed === '' || typed === original || usernameProblem(typed) !== null) return 'idle';
  if (debounced !== typed || check.isFetching || !check.data) return 'checking';
  return check.data.exists ? 'taken' : 'free';
}

/**
 * The add and edit form (§4): saving a valid user saves the user and all its grants in one call; an invalid one
 * shows every field's problem and 'Please correct invalid entries and try again.'.
 */
export function UserForm({ actor, reference, user, initial, readOnly, self, leavingRef }: UserFormProps) {
  const navigate = useNavigate();
  const { create, update } = useUserWrites();
  const original = user?.Username ?? null;
  const held: Held = user ? { applications: initial.Applications, permissions: initial.permissions } : NOTHING_HELD;
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
  // Changes not saved are asked about before the page is left; a save or Cancel leaves on purpose.
  // A form for another user (after a create, the same page shows the new user) starts asking again.
  useEffect(() => {
    leavingRef.current = false;
  }, [leavingRef]);
  const blocker = useLeaveGuard(() => !readOnly && !leavingRef.current && form.isDirty(), true);
  const status = useUsernameStatus(form.values.Username, user?.UserId ?? 0, original);
  useLayoutEffect(() => {
    takenRef.current = status === 'taken';
  }, [status]);
  const usernameError = form.errors.Username ?? (status === 'taken' ? USERNAME_MESSAGES.taken : undefined);

  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [templateLoading, setTemplateLoading] = useState(false);
  const companyId = Number(form.values.CompanyId) || 0;
  const roleId = Number(form.values.RoleId) || 0;
  const company = reference.companies.find((c) => c.CompanyId === companyId)?.Description ?? '';
  const role = reference.roles.find((r) => r.RoleId === roleId)?.Description ?? '';

  // A new user starts with its company and role's default applications and permissions, loaded again when the
  // company or role changes — until the applications are changed by hand.
  const autoLoaded = useRef<string | null>(null);
  useEffect(() => {
    if (user || readOnly || !companyId || !roleId) return;
    const current = JSON.stringify([...form.values.Applications].sort());
    if (form.values.Applications.length > 0 && current !== autoLoaded.current) return;
    let stale = false;
    templates(companyId, roleId)
      .then((rows) => {
        if (stale) return;
        const ctx = { templates: rows, values: form.values, defs: reference.permissions };
        const withApps = applyPreview(
          form.values,
          previewDefaultApplications({ ...ctx, applications: reference.applications, actor, held }),
        );
        const next = applyPreview(
          withApps,
          previewDefaultPermissions({ ...ctx, values: withApps, applications: reference.applications, actor, held }),
        );
        autoLoaded.current = JSON.stringify([...next.Applications].sort());
        const untouched = !form.isDirty();
        form.setValues({ Applications: next.Applications, permissions: next.permissions });
        // Defaults loaded for the company and role are not the administrator's changes: nothing to ask about yet.
        if (untouched)
          form.resetDirty({ ...form.values, Applications: next.Applications, permissions: next.permissions });
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
    // Only the company and role start a new load; the form's values are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId, roleId]);

  const askTemplate = async (kind: 'permissions' | 'applications') => {
    setTemplateLoading(true);
    try {
      const rows = await templates(companyId, roleId);
      const ctx = {
        templates: rows,
        values: form.values,
        defs: reference.permissions,
        applications: reference.applications,
        actor,
        held,
      };
      setPreview(kind === 'permissions' ? previewDefaultPermissions(ctx) : previewDefaultApplications(ctx));
    } catch (error) {
      if (error instanceof ApiError && error.status !== 403) adminToast.error(error.message, error);
    } finally {
      setTemplateLoading(false);
    }
  };

  // Built when the form is sent, not while rendering: the handlers write the leave guard's ref.
  const save = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      async (values: UserFormValues) => {
        const body = requestOf(values, reference.permissions);
        try {
          if (user) {
            const saved = await update.mutateAsync({ UserId: user.UserId, body });
            form.setValues(formOf(saved, reference.permissions));
            form.resetDirty(formOf(saved, reference.permissions));
            adminToast.success(TEXTS.updated);
          } else {
            const answer = await create.mutateAsync({ ...body, ...passwordOf(values) });
            // The default the server gave, or the one the administrator typed: either is handed to the user.
            const password = answer.defaultPassword ?? values.password;
            adminToast.success(TEXTS.created(password));
            leavingRef.current = true;
            void navigate(editUserPath(answer.user.UserId), {
              replace: true,
              state: { createdPassword: answer.defaultPassword, createdWithOwn: answer.defaultPassword === null },
            });
          }
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (Object.keys(error.errors).length > 0) form.setErrors(error.errors);
          if (error.status === 400) adminToast.error(TEXTS.invalid);
          // A refusal of the rules (decision 056) says which right; the API client has already said 'Access Denied.'.
          else if (error.status !== 403 || error.message !== ACCESS_DENIED) adminToast.error(error.message, error);
        }
      },
      () => adminToast.error(TEXTS.invalid),
    )(event);

  const cancel = () => {
    adminToast.info(TEXTS.saveCancelled);
    leavingRef.current = true;
    void navigate(USERS_PATH);
  };

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
            <Paper withBorder p="md">
              <Title order={2} size="h5" mb="sm">
                Account
              </Title>
              <AccountSection
                form={{
                  ...form,
                  getInputProps: (path, options) => ({
                    ...form.getInputProps(path, options),
                    ...(path === 'Username' ? { error: usernameError } : {}),
                  }),
                }}
                usernameStatus={status}
              />
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h5" mb="sm">
                Password
              </Title>
              {user ? <PendingPasswordSection form={form} user={user} /> : <NewPasswordSection form={form} />}
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h5" mb="sm">
                Company and role
              </Title>
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
            </Paper>
          </Stack>
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="sm">
              Applications and permissions
            </Title>
            <GrantsSection
              form={form}
              actor={actor}
              applications={reference.applications}
              defs={reference.permissions}
              held={held}
              onTemplate={companyId && roleId && !readOnly ? (kind) => void askTemplate(kind) : undefined}
              templateLoading={templateLoading}
            />
          </Paper>
        </SimpleGrid>
        {/* Kept in view at the window's bottom: the form is taller than a 1366×768 screen. */}
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
          <Button variant="default" onClick={cancel} data-testid="cancel-save">
            Cancel
          </Button>
          <BusyButton type="submit" busy={create.isPending || update.isPending} data-testid="save-user">
            {user ? 'Save' : 'Create user'}
          </BusyButton>
        </Group>
      </fieldset>
      <TemplatePreviewDialog
        preview={preview}
        source={`${company} · ${role}`}
        onApply={() => {
          if (preview) form.setValues(applyPreview(form.values, preview));
          setPreview(null);
        }}
        onCancel={() => setPreview(null)}
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
