import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHistory, IconUsers } from '@tabler/icons-react';
import { ApplicationsTab } from '../components/ApplicationsTab';
import { AwayReasonsTab } from '../components/AwayReasonsTab';
import { BrandsTab } from '../components/BrandsTab';
import { CompaniesTab } from '../components/CompaniesTab';
import { PermissionsTab } from '../components/PermissionsTab';
import { TemplatesTab } from '../components/TemplatesTab';
import { AUDIT_PATH, REFERENCE_KINDS, REFERENCE_PATH, referenceKind, type ReferenceKind } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

const TABS: Record<ReferenceKind, () => React.JSX.Element> = {
  brands: BrandsTab,
  companies: CompaniesTab,
  applications: ApplicationsTab,
  permissions: PermissionsTab,
  templates: TemplatesTab,
  'away-reasons': AwayReasonsTab,
};

/**
 * The reference data of user administration, one tab per kind, each at its own address (/admin/reference/{kind}):
 * what an administrator sets up for a new franchise's users without SQL (role 1 only).
 */
export default function ReferenceDataPage() {
  const { kind } = useParams();
  const active = referenceKind(kind);
  const navigate = useNavigate();
  const Active = TABS[active];
  return (
    <Stack maw={PAGE_WIDTH} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Reference data
          </Title>
          <Text c="gray.7" size="sm">
            Brands, companies and the roles they give, applications, permissions and the role templates that user
            administration offers, and the reasons CSRs give for Away.
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/UserManagement" variant="default" leftSection={<IconUsers size={16} />}>
            User Management
          </Button>
          <Button component={Link} to={AUDIT_PATH} variant="default" leftSection={<IconHistory size={16} />}>
            Audit log
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Tabs
          value={active}
          onChange={(value) => {
            if (value) void navigate(`${REFERENCE_PATH}/${value}`);
          }}
        >
          <Tabs.List mb="md">
            {REFERENCE_KINDS.map((k) => (
              <Tabs.Tab key={k.kind} value={k.kind}>
                {k.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {/* Every tab has its panel (aria-controls names it); only the open one holds its grid. */}
          {REFERENCE_KINDS.map((k) => (
            <Tabs.Panel key={k.kind} value={k.kind}>
              {k.kind === active ? <Active /> : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </Stack>
  );
}
