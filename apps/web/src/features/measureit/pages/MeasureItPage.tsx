/**
 * /MeasureIt and /editMeasureIt (administration.md §2, §4; decision 040). With §2's query
 * parameters (sqldbid and id, the customer number, or a neighbour's propertyId) the page measures that property;
 * without them it is MeasureIt's start: a customer by branch and number, a property by address, or a commercial
 * lead (`?by=address`, `?by=lead` open those tabs).
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Group, NumberInput, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMeasureItBranches } from '../api/queries';
import { ByAddressMeasurement } from '../components/ByAddressMeasurement';
import { CommercialLeadMeasurement } from '../components/CommercialLeadMeasurement';
import { PropertyMeasurement } from '../components/PropertyMeasurement';
import { editMeasureItPath } from '../links';
import { editParamsOf } from '../model';
import { PAGE_WIDTH } from '../../../components/page-width';

const TABS = ['customer', 'address', 'lead'] as const;
type Tab = (typeof TABS)[number];

export default function MeasureItPage() {
  const [params, setParams] = useSearchParams();
  const edit = editParamsOf(params);
  if (edit) {
    // A new property in the same window (another customer) starts afresh.
    return (
      <PropertyMeasurement key={`${edit.sqldbid}/${edit.customerNo ?? ''}/${edit.propertyId ?? ''}`} params={edit} />
    );
  }
  const by = params.get('by');
  const tab: Tab = (TABS as readonly string[]).includes(by ?? '') ? (by as Tab) : 'customer';
  const closeOnSave = params.get('closeOnSave')?.toLowerCase() === 'true';
  return (
    <Stack gap="sm" maw={PAGE_WIDTH} mx="auto">
      <Title order={1} size="h3">
        MeasureIt
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => {
          const p = new URLSearchParams(params);
          p.set('by', next ?? 'customer');
          setParams(p, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="customer">Customer</Tabs.Tab>
          <Tabs.Tab value="address">By address</Tabs.Tab>
          <Tabs.Tab value="lead">Commercial lead</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="customer" pt="md">
          <CustomerStart />
        </Tabs.Panel>
        <Tabs.Panel value="address" pt="md">
          <ByAddressMeasurement closeOnSave={closeOnSave} />
        </Tabs.Panel>
        <Tabs.Panel value="lead" pt="md">
          <CommercialLeadMeasurement closeOnSave={closeOnSave} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** A customer's property by its branch and customer number. */
function CustomerStart() {
  const navigate = useNavigate();
  const branches = useMeasureItBranches(null);
  const list = branches.data?.branches ?? [];
  const [branchNo, setBranchNo] = useState<string | null>(null);
  const [customerNo, setCustomerNo] = useState<number | string>('');
  const [tried, setTried] = useState(false);
  const branch = list.find((b) => b.branchNo === branchNo) ?? (list.length === 1 ? list[0] : undefined);
  const number = typeof customerNo === 'number' && customerNo > 0 ? customerNo : null;

  const go = () => {
    setTried(true);
    if (branch && number) void navigate(editMeasureItPath({ sqldbid: branch.sqldbid, customerNo: number }));
  };
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <Text size="sm">
          Measure a customer&apos;s lawn: choose the customer&apos;s branch and type the customer number.
        </Text>
        <Group align="flex-start">
          <Select
            label="Branch"
            placeholder={branches.isPending ? 'Loading…' : 'Choose the branch'}
            data={list.map((b) => ({ value: b.branchNo, label: `${b.branchNo} · ${b.companyName}` }))}
            value={branch?.branchNo ?? null}
            onChange={setBranchNo}
            searchable
            w={320}
            error={tried && !branch ? 'Choose the branch' : undefined}
          />
          <NumberInput
            label="Customer number"
            value={customerNo}
            onChange={setCustomerNo}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            w={200}
            error={tried && !number ? 'Type the customer number' : undefined}
            onKeyDown={(e) => {
              if (e.key === 'Enter') go();
            }}
          />
        </Group>
        <Group>
          <Button onClick={go}>Measure</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
