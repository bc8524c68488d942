/**
 * The signed-in user's menu in the header: profile, the administrators' screens, sign out. Loaded once someone has
 * signed in (Layout loads it lazily): its menu and avatar are not needed by the sign-in page.
 */
import { Link } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDatabaseCog, IconHistory, IconLogout, IconUserCog } from '@tabler/icons-react';
import type { SessionUser } from '@cc/contract';
import { AUDIT_PATH, REFERENCE_PATH } from '../features/admin-reference';

export default function AccountMenu({
  user,
  held,
  administrator,
  onSignOut,
}: {
  user: SessionUser;
  /** Held to a password change: no profile to go to. */
  held: boolean;
  administrator: boolean;
  onSignOut: () => Promise<void>;
}) {
  return (
    <>
      {/* No initial-focus placeholder: a role=presentation child of role=menu fails axe's
        aria-required-children; the keyboard starts on the first item instead. */}
      <Menu position="bottom-end" width={220} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton aria-label="Account menu" data-testid="account-menu">
            <Group gap={6} wrap="nowrap">
              <Avatar radius="xl" size={32} color="primary">
                {user.FirstName.charAt(0)}
                {user.LastName.charAt(0)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm">
                {user.FirstName} {user.LastName}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.Username}</Menu.Label>
          {held ? null : (
            <Menu.Item component={Link} to="/settings/profile" leftSection={<IconUserCog size={16} />}>
              Profile
            </Menu.Item>
          )}
          {administrator && (
            <>
              <Menu.Item component={Link} to={REFERENCE_PATH} leftSection={<IconDatabaseCog size={16} />}>
                Reference data
              </Menu.Item>
              <Menu.Item component={Link} to={AUDIT_PATH} leftSection={<IconHistory size={16} />}>
                Audit log
              </Menu.Item>
            </>
          )}
          <Menu.Item onClick={() => void onSignOut()} leftSection={<IconLogout size={16} />}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
