import { Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTemplate } from '@tabler/icons-react';
import { BusyButton } from '../../../components/BusyButton';
import type { UserAdminActor } from '@cc/domain';
import type { AdminApplication, PermissionDef } from '@cc/contract';
import {
  canGiveApplication,
  canGiveValue,
  permissionLabel,
  toggleApplication,
  type Held,
  type UserFormValues,
} from '../model';

export interface GrantsSectionProps {
  form: UseFormReturnType<UserFormValues>;
  actor: UserAdminActor;
  applications: readonly AdminApplication[];
  defs: readonly PermissionDef[];
  held: Held;
  /** Ask for the template's preview; undefined while company and role are not chosen. */
  onTemplate?: (kind: 'permissions' | 'applications') => void;
  templateLoading: boolean;
}

/**
 * The user's applications, added and removed, and under each chosen one its permissions, each a choice between the
 * two values of its Values JSON (truevalue, falsevalue). What the signed-in user may not give is shown, not offered.
 */
export function GrantsSection({
  form,
  actor,
  applications,
  defs,
  held,
  onTemplate,
  templateLoading,
}: GrantsSectionProps) {
  const chosen = form.values.Applications;
  const toggle = (applicationId: number, on: boolean) =>
    form.setValues(toggleApplication(form.values, applicationId, on, defs));

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <BusyButton
          size="xs"
          variant="light"
          leftSection={<IconTemplate size={14} />}
          disabled={!onTemplate}
          busy={templateLoading}
          onClick={() => onTemplate?.('applications')}
          data-testid="load-default-applications"
        >
          Load default applications
        </BusyButton>
        <BusyButton
          size="xs"
          variant="light"
          leftSection={<IconTemplate size={14} />}
          disabled={!onTemplate}
          busy={templateLoading}
          onClick={() => onTemplate?.('permissions')}
          data-testid="apply-default-permissions"
        >
          Apply default permissions
        </BusyButton>
      </Group>
      {!onTemplate ? (
        <Text size="xs" c="gray.7">
          Choose a company and a role to use their template.
        </Text>
      ) : null}
      <Stack gap={6} data-testid="applications">
        {applications.map((app) => {
          const on = chosen.includes(app.ApplicationId);
          const allowed = canGiveApplication(actor, app.ApplicationId, held.applications.includes(app.ApplicationId));
          const own = defs.filter((d) => d.ApplicationId === app.ApplicationId);
          return (
            <Paper key={app.ApplicationId} withBorder p="xs" radius="sm">
              <Checkbox
                label={app.Name}
                description={
                  allowed ? app.Description : `${app.Description} You do not have it, so you cannot give it.`
                }
                checked={on}
                disabled={!on && !allowed}
                onChange={(e) => toggle(app.ApplicationId, e.currentTarget.checked)}
                data-testid={`app-${app.ApplicationId}`}
              />
              {on && own.length > 0 ? (
                <Stack gap={6} mt={6} ml={32}>
                  {own.map((def) => {
                    const value = form.values.permissions[def.PermissionId] ?? def.Values.falsevalue;
                    const before = held.permissions[def.PermissionId] ?? null;
                    return (
                      <Radio.Group
                        key={def.PermissionId}
                        label={permissionLabel(def)}
                        value={value}
                        onChange={(v) => form.setFieldValue(`permissions.${def.PermissionId}`, v)}
                        data-testid={`perm-${def.PermissionId}`}
                      >
                        <Group gap="md" mt={4}>
                          {[def.Values.truevalue, def.Values.falsevalue].map((v) => (
                            <Radio key={v} value={v} label={v} disabled={!canGiveValue(actor, def, v, before)} />
                          ))}
                        </Group>
                      </Radio.Group>
                    );
                  })}
                </Stack>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
