/**
 * Saving the user form (§4): a new user is created with its password and the page moves to it; an edited one is
 * saved with all its grants in one call and the form takes what the server kept. A refusal shows each field's
 * problem and 'Please correct invalid entries and try again.'.
 */
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { UseFormReturnType } from '@mantine/form';
import type { UserDetail } from '@cc/contract';
import { ApiError } from '../../../lib/api';
import { ACCESS_DENIED } from '../../../lib/request';
import { adminToast } from '../../../lib/toast';
import { useUserWrites } from '../api/users';
import { editUserPath, formOf, passwordOf, requestOf, TEXTS, USERS_PATH, type UserFormValues } from '../model';
import type { Reference } from './user-form-templates';

export interface SaveUserOptions {
  /** The user edited, or null for a new one. */
  user: UserDetail | null;
  reference: Reference;
  /** Set when the page is left on purpose (saved, cancelled): the leave guard asks nothing then. */
  leavingRef: { current: boolean };
}

export function useSaveUser(form: UseFormReturnType<UserFormValues>, { user, reference, leavingRef }: SaveUserOptions) {
  const navigate = useNavigate();
  const { create, update } = useUserWrites();

  const saveEdited = async (userId: number, values: UserFormValues) => {
    const saved = await update.mutateAsync({ UserId: userId, body: requestOf(values, reference.permissions) });
    form.setValues(formOf(saved, reference.permissions));
    form.resetDirty(formOf(saved, reference.permissions));
    adminToast.success(TEXTS.updated);
  };

  const createNew = async (values: UserFormValues) => {
    const body = requestOf(values, reference.permissions);
    const answer = await create.mutateAsync({ ...body, ...passwordOf(values) });
    // The default the server gave, or the one the administrator typed: either is handed to the user.
    const password = answer.defaultPassword ?? values.password;
    adminToast.success(TEXTS.created(password));
    leavingRef.current = true;
    void navigate(editUserPath(answer.user.UserId), {
      replace: true,
      state: { createdPassword: answer.defaultPassword, createdWithOwn: answer.defaultPassword === null },
    });
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    if (Object.keys(error.errors).length > 0) form.setErrors(error.errors);
    if (error.status === 400) adminToast.error(TEXTS.invalid);
    // A refusal of the rules (decision 056) says which right; the API client has already said 'Access Denied.'.
    else if (error.status !== 403 || error.message !== ACCESS_DENIED) adminToast.error(error.message, error);
  };

  // Built when the form is sent, not while rendering: the handlers write the leave guard's ref.
  const save = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      async (values: UserFormValues) => {
        try {
          await (user ? saveEdited(user.UserId, values) : createNew(values));
        } catch (error) {
          refused(error);
        }
      },
      () => adminToast.error(TEXTS.invalid),
    )(event);

  const cancel = () => {
    adminToast.info(TEXTS.saveCancelled);
    leavingRef.current = true;
    void navigate(USERS_PATH);
  };

  return { save, cancel, saving: create.isPending || update.isPending };
}
