import { Group, Text, Title } from '@mantine/core';
import { scopeOf, type Scope } from '@cc/domain';
import { useSession } from '../../../lib/session';

function scopeText(scope: Scope): string {
  switch (scope.kind) {
    case 'all':
      return 'Searching customers of every branch';
    case 'general':
      return 'Searching customers of every branch (general search)';
    case 'designation':
      return scope.designation === 'COF'
        ? 'Searching customers of company-owned branches'
        : 'Searching customers of independent-franchise branches';
    case 'branches':
      return scope.branches.length > 0
        ? `Searching customers of your branches: ${scope.branches.join(', ')}`
        : 'Your account has no branches, so no customers can be found';
  }
}

/** The screen's title, and whose customers the signed-in user's search reaches. */
export function InboundHeading() {
  const current = useSession();
  const scope = current
    ? scopeOf({
        companyId: current.user.CompanyId,
        permissions: current.user.permissions,
        branches: current.user.Branches.map((b) => b.branchno),
      })
    : null;
  return (
    <Group justify="space-between" align="flex-end" gap="xs" style={{ flexShrink: 0 }}>
      <div>
        <Title order={1} size="h3">
          Inbound Calls
        </Title>
        <Text size="sm" c="gray.7">
          {scope ? scopeText(scope) : null}
        </Text>
      </div>
    </Group>
  );
}
