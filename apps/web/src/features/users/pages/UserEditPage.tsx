import { useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { UserDetail } from '@cc/contract';
import type { UserAdminActor } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { ACCESS_DENIED } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import { adminToast } from '../../../lib/toast';
import { useUser, useUserFormReference, useUserWrites } from '../api/users';
import { DeleteUserDialog } from '../components/DeleteUserDialog';
import { PasswordDialog } from '../components/PasswordDialog';
import { UserForm } from '../components/UserForm';
import type { Reference } from '../components/user-form-templates';
import { actorOf, emptyForm, formOf, TEXTS, USERS_PATH } from '../model';
import { createdOf, isReadOnlyFor, userIdOf } from '../edit-page';
import { PAGE_WIDTH } from '../../../components/page-width';

/**
 * /addUser and /editUser/:UserId (administration.md §2): the user's form, and for an existing user its password
 * dialog and delete. A user manager opening an administrator sees it and cannot change it (decision 026).
 */
export default function UserEditPage() {
  const { UserId } = useParams();
  const userId = userIdOf(UserId);
  const adding = UserId === undefined;
  const current = useSession();
  const navigate = useNavigate();
  const reference = useUserFormReference();
  const user = useUser(adding ? null : userId);

  if (!current) return null;
  if (!adding && (userId === null || user.error)) {
    const missing = userId === null || (user.error instanceof ApiError && user.error.status === 404);
    return (
      <NotLoaded title="The user could not be loaded">
        <Stack gap="xs">
          <Text size="sm">{missing ? 'There is no such user, or it is not one you manage.' : user.error?.message}</Text>
          <Button size="xs" variant="white" color="red" w="fit-content" onClick={() => void navigate(USERS_PATH)}>
            Back to the users
          </Button>
        </Stack>
      </NotLoaded>
    );
  }
  if (reference.error) {
    return <NotLoaded title="The lists could not be loaded">{reference.error.message}</NotLoaded>;
  }
  if (!reference.data || (!adding && !user.data)) {
    return (
      <Center h={200}>
        <Loader role="status" aria-label="Loading the user" />
      </Center>
    );
  }
  return <UserEditor actor={actorOf(current.user)} reference={reference.data} detail={user.data ?? null} />;
}

/** The loaded page: the heading with the user's actions, the notes, the form and the dialogs. */
function UserEditor({
  actor,
  reference,
  detail,
}: {
  actor: UserAdminActor;
  reference: Reference;
  detail: UserDetail | null;
}) {
  const location = useLocation();
  const { created, createdWithOwn } = createdOf(location.state);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const leavingRef = useRef(false);
  const deletion = useDeleteUser(detail, leavingRef);
  const readOnly = isReadOnlyFor(detail, actor);
  const self = detail?.UserId === actor.userId;
  const fullName = detail ? `${detail.FirstName} ${detail.LastName}` : '';

  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            {detail ? `Edit User ${detail.Username}` : 'Add User'}
          </Title>
          {detail ? (
            <Text size="sm" c="gray.7">
              {fullName} · user {detail.UserId}
            </Text>
          ) : null}
        </div>
        {detail && !readOnly ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => setPasswordOpen(true)} data-testid="reset-password">
              Reset password
            </Button>
            {self ? null : (
              <Button variant="outline" color="red.9" onClick={() => deletion.setOpen(true)} data-testid="delete-user">
                Delete user
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      {(created || createdWithOwn) && detail ? <CreatedNote detail={detail} created={created} /> : null}
      {readOnly ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="An administrator" c="dark.8">
          A user manager cannot change an administrator.
        </Alert>
      ) : null}
      <UserForm
        key={detail?.UserId ?? 'new'}
        actor={actor}
        reference={reference}
        user={detail}
        initial={detail ? formOf(detail, reference.permissions) : emptyForm(actor)}
        readOnly={readOnly}
        self={self}
        leavingRef={leavingRef}
      />
      {detail ? (
        <>
          <PasswordDialog
            opened={passwordOpen}
            userId={detail.UserId}
            username={detail.Username}
            onClose={() => setPasswordOpen(false)}
          />
          <DeleteUserDialog
            opened={deletion.open}
            username={detail.Username}
            fullName={fullName}
            deleting={deletion.pending}
            onDelete={() => void deletion.confirm()}
            onCancel={deletion.cancel}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** Right after the add: how the new user signs in (the default password, shown once, or the one the manager set). */
function CreatedNote({ detail, created }: { detail: UserDetail; created: string | null }) {
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} />} title="User created" data-testid="created-note">
      {detail.Username} signs in with {created ? 'the default password ' : 'the password you set'}
      {created ? <strong>{created}</strong> : null}
      {detail.mustChangePassword ? ' and then chooses their own.' : '.'}
    </Alert>
  );
}

/** A page that could not load what it shows: why, in a red alert. */
function NotLoaded({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={title} maw={720} mx="auto">
      {children}
    </Alert>
  );
}

/**
 * Deleting the user: the dialog's state, the delete with its toast and the way back to the users, or the refusal; a
 * cancel says so.
 */
function useDeleteUser(detail: UserDetail | null, leavingRef: { current: boolean }) {
  const navigate = useNavigate();
  const { remove } = useUserWrites();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    if (!detail) return;
    try {
      await remove.mutateAsync(detail.UserId);
      setOpen(false);
      adminToast.success(TEXTS.deleted(detail.Username));
      leavingRef.current = true;
      void navigate(USERS_PATH);
    } catch (error) {
      setOpen(false);
      // A refusal of the rules (decision 056) says why; a bare 403 the API client has already shown.
      if (error instanceof ApiError && (error.status !== 403 || error.message !== ACCESS_DENIED)) {
        adminToast.error(error.message, error);
      }
    }
  };
  const cancel = () => {
    setOpen(false);
    if (detail) adminToast.info(TEXTS.deleteCancelled(detail.Username));
  };
  return { open, setOpen, confirm, cancel, pending: remove.isPending };
}
