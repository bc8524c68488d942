/**
 * A new user's starting grants (§4): its company and role's default applications, then those applications' default
 * permissions, loaded again when the company or role changes until the applications are changed by hand.
 */
import {
  applyPreview,
  previewDefaultApplications,
  previewDefaultPermissions,
  type PreviewContext,
  type UserFormValues,
} from './model';

/** The values with the templates' default applications and then their permissions, as far as the actor may give. */
export function withDefaultGrants(ctx: PreviewContext): UserFormValues {
  const withApps = applyPreview(ctx.values, previewDefaultApplications(ctx));
  return applyPreview(withApps, previewDefaultPermissions({ ...ctx, values: withApps }));
}

/** The applications as one comparable key, whatever their order. */
export const applicationsKey = (applications: readonly number[]) => JSON.stringify([...applications].sort());

/** Defaults replace the applications while there are none or they are still the defaults last loaded. */
export const takesDefaults = (applications: readonly number[], lastLoaded: string | null) =>
  applications.length === 0 || applicationsKey(applications) === lastLoaded;
