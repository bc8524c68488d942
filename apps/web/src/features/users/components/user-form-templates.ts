/**
 * The user form's company-and-role templates (§4): a new user's defaults loaded as its company and role are chosen,
 * and the previews of 'Apply default permissions' and 'Load default applications'.
 */
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { UserAdminActor } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { templates, type useUserFormReference } from '../api/users';
import { applicationsKey, takesDefaults, withDefaultGrants } from '../default-grants';
import {
  previewDefaultApplications,
  previewDefaultPermissions,
  type Held,
  type TemplatePreview,
  type UserFormValues,
} from '../model';

export type Reference = NonNullable<ReturnType<typeof useUserFormReference>['data']>;

export interface TemplateSource {
  companyId: number;
  roleId: number;
  reference: Reference;
  actor: UserAdminActor;
  held: Held;
}

/**
 * A new user starts with its company and role's default applications and permissions, loaded again when the
 * company or role changes — until the applications are changed by hand.
 */
export function useDefaultGrants(
  form: UseFormReturnType<UserFormValues>,
  enabled: boolean,
  { companyId, roleId, reference, actor, held }: TemplateSource,
) {
  const autoLoaded = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !companyId || !roleId) return;
    if (!takesDefaults(form.values.Applications, autoLoaded.current)) return;
    let stale = false;
    templates(companyId, roleId)
      .then((rows) => {
        if (stale) return;
        const next = withDefaultGrants({
          templates: rows,
          values: form.values,
          defs: reference.permissions,
          applications: reference.applications,
          actor,
          held,
        });
        autoLoaded.current = applicationsKey(next.Applications);
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
}

/** The preview of a template asked for by hand, shown until it is applied or cancelled. */
export function useTemplatePreview(
  form: UseFormReturnType<UserFormValues>,
  { companyId, roleId, reference, actor, held }: TemplateSource,
) {
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const [loading, setLoading] = useState(false);

  const ask = async (kind: 'permissions' | 'applications') => {
    setLoading(true);
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
      setLoading(false);
    }
  };
  return { preview, setPreview, loading, ask };
}
