import { Alert, Anchor, Card, Group, Loader, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { splitEmailAddresses } from '@cc/domain';
import { useCompanyConfigs } from '../api/companyConfigs';
import { useFranchiseInfo } from '../api/franchiseInfo';
import { phoneText } from '../model';
import { Facts } from './Facts';

/**
 * The franchise that serves the customer: name, phone, email, office hours and branches; from its company
 * configuration, the hours web leads are worked and the call-centre addresses its emails are copied to.
 */
export function FranchisePanel({ sqldbid }: { sqldbid: number }) {
  const info = useFranchiseInfo(sqldbid);
  const configs = useCompanyConfigs(sqldbid);
  const ccEmails = splitEmailAddresses(configs.data?.ccEmailAddresses ?? '');
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="franchise-panel-title">
      <Title order={2} size="h5" id="franchise-panel-title" mb={6}>
        <Group gap={6} component="span">
          <IconBuildingStore size={18} aria-hidden />
          Franchise
        </Group>
      </Title>
      {info.isPending ? <Loader size="sm" role="status" aria-label="Loading the franchise" /> : null}
      {info.error ? (
        <Alert color="red" p="xs" role="alert">
          {info.error.message}
        </Alert>
      ) : null}
      {info.data ? (
        <>
          <Text fw={600} size="sm" data-testid="franchise-name">
            {info.data.compName}
          </Text>
          <Text size="xs" c="gray.7" mb={6}>
            {info.data.designation === 'COF' ? 'Company-owned' : 'Independent franchise'} · {info.data.timeZone}
          </Text>
          <Facts
            items={[
              {
                label: 'Phone',
                value: info.data.phone ? (
                  <Anchor href={`tel:${info.data.phone}`}>{phoneText(info.data.phone)}</Anchor>
                ) : (
                  ''
                ),
              },
              {
                label: 'Email',
                value: info.data.email ? <Anchor href={`mailto:${info.data.email}`}>{info.data.email}</Anchor> : '',
              },
              { label: 'Office', value: info.data.address },
              { label: 'Office hours', value: info.data.officeHours, testId: 'franchise-hours' },
              {
                label: 'Web leads',
                value: configs.data ? `${configs.data.webLeadsStart}–${configs.data.webLeadsEnd}` : '',
                testId: 'franchise-web-leads',
              },
              {
                label: 'CC emails',
                // Stored ';'-joined; shown one per line.
                value: ccEmails.length > 0 ? ccEmails.map((address) => <div key={address}>{address}</div>) : '',
                testId: 'franchise-cc-emails',
              },
              {
                label: 'Branches',
                value: info.data.branches.map((b) => `${b.branchNo} ${b.city}, ${b.state}`).join(' · '),
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
