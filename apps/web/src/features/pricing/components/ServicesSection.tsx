import { Card, Checkbox, Group, Table, Text, Title } from '@mantine/core';
import type { PricingResponse } from '@cc/contract';
import { BillingFrequency, formatMoney, type Quote } from '@cc/domain';
import { StateBadges } from './ProgramSections';

export interface AdditionalServicesProps {
  data: PricingResponse;
  quote: Quote;
  active: boolean;
  onToggle: (id: number) => void;
}

/**
 * Additional services (service group 'A'): a check box each, with its price, billing and state. A service blocked
 * by another on its gl_account, or included in the lawn program, cannot be ticked; the reason shows beside it.
 * The billing is said under the price, so the name has the room the card has and wraps only between words at
 * 1366 px (decision 079).
 */
export function AdditionalServices({ data, quote, active, onToggle }: AdditionalServicesProps) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-services-title">
      <Title order={3} size="h5" mb="xs" id="pricing-services-title">
        Additional Services
      </Title>
      {data.additionalServices.length === 0 ? (
        <Text size="sm" c="gray.7">
          This franchise sells no additional services.
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th w={104} ta="right">
                Price
              </Table.Th>
              <Table.Th w={124}>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.additionalServices.map((s) => {
              const state = quote.states.additionalServices.find((x) => x.id === s.Id);
              const line = quote.lines.find((l) => l.kind === 'additional' && l.itemId === s.Id);
              const selected = state?.selected === true;
              const monthly = s.fk_BillingFrequencyID === BillingFrequency.Monthly;
              return (
                <Table.Tr key={s.Id} data-testid={`service-${s.Id}`} data-selected={selected}>
                  <Table.Td>
                    <Checkbox
                      styles={{ label: { overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'none' } }}
                      label={s.ServiceName}
                      checked={selected}
                      disabled={!active || (!selected && state?.blocked === true)}
                      onChange={() => onToggle(s.Id)}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" td={line?.free ? 'line-through' : undefined} c={line?.free ? 'gray.6' : undefined}>
                      {formatMoney(s.FinalPrice)}
                      {monthly ? '/mo' : ''}
                    </Text>
                    {line && !line.free && line.extendedPriceSold !== line.extendedPrice ? (
                      <Text size="xs" c="green.8">
                        now {formatMoney(line.extendedPriceSold)}
                      </Text>
                    ) : null}
                    <Text size="xs" c="gray.7">
                      {monthly ? 'Monthly' : 'One-time'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="wrap">
                      <StateBadges state={state} bundleOnly={s.bundleOnly} />
                      {state?.reason ? (
                        <Text size="xs" c="gray.7" data-testid="service-reason">
                          {state.reason}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
