import { useId, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { PricingResponse } from '@cc/contract';
import {
  ECONOMY_PLACEHOLDER,
  NO_PEST_PLACEHOLDER,
  PREFERRED_PLACEHOLDER,
  formatMoney,
  lawnProgramKind,
  orderLawnPrograms,
  pricingPlaceholders,
  type ItemState,
  type Quote,
} from '@cc/domain';

type LawnProgram = PricingResponse['lawnPrograms'][number];
type PestProgram = PricingResponse['pestPrograms'][number];

/** The Free, blocked and bundled states of an item, as badges; the reason in words beside them. */
export function StateBadges({ state, bundleOnly }: { state: ItemState | undefined; bundleOnly?: boolean }) {
  if (!state) return null;
  return (
    <Group gap={4} wrap="wrap">
      {state.free ? (
        <Badge color="green" variant="filled" size="sm">
          Free
        </Badge>
      ) : null}
      {/* Bundled is filled: the light variant reads 4.3:1 on a chosen (tinted) card, under WCAG AA's 4.5:1. */}
      {state.bundled ? (
        <Badge color="teal.9" variant="filled" size="sm">
          Bundled
        </Badge>
      ) : null}
      {state.blocked && !state.bundled ? (
        <Badge color="gray" variant="light" size="sm">
          Blocked
        </Badge>
      ) : null}
      {bundleOnly ? (
        <Badge color="violet" variant="outline" size="sm">
          Bundle only
        </Badge>
      ) : null}
    </Group>
  );
}

/** A selectable card: a checkbox for screen readers, named by its title and described by its details. */
function ItemCard({
  title,
  checked,
  disabled,
  onToggle,
  children,
  testId,
}: {
  title: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <Checkbox.Card
      checked={checked}
      onChange={onToggle}
      disabled={disabled}
      radius="md"
      p="sm"
      withBorder
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-details`}
      data-testid={testId}
      data-selected={checked}
      style={{
        borderColor: checked ? 'var(--mantine-color-blue-6)' : undefined,
        background: checked ? 'var(--mantine-color-blue-0)' : undefined,
        cursor: disabled ? 'not-allowed' : 'pointer',
        height: '100%',
        // A card is a button, which centres its content: in a row of cards of different heights each title would
        // sit at another height. As a column, the content starts at the top of every card.
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator mt={2} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" id={`${id}-title`}>
            {title}
          </Text>
          <Stack gap={2} id={`${id}-details`}>
            {children}
          </Stack>
        </Stack>
      </Group>
    </Checkbox.Card>
  );
}

export interface LawnProgramsProps {
  data: PricingResponse;
  quote: Quote;
  lawnProgramId: number | null | undefined;
  active: boolean;
  canEdit: boolean;
  onToggle: (id: number) => void;
  onEditRounds: () => void;
  onEditPrice: () => void;
}

/** Lawn programs: the Preferred Program, then the Economy Program, then the others; placeholders for the missing. */
export function LawnPrograms({
  data,
  quote,
  lawnProgramId,
  active,
  canEdit,
  onToggle,
  onEditRounds,
  onEditPrice,
}: LawnProgramsProps) {
  const missing = pricingPlaceholders(data);
  const programs = orderLawnPrograms(data.lawnPrograms);
  const selected = programs.find((p) => p.Id === lawnProgramId) ?? null;
  const nameOf = (id: number) => data.additionalServices.find((s) => s.Id === id)?.ServiceName;
  const seasonOver = programs.length > 0 && programs.every((p) => p.RemainRounds === 0);
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-lawn-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h5" id="pricing-lawn-title">
          Lawn Programs
        </Title>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" disabled={!canEdit || !active || !selected} onClick={onEditRounds}>
            Edit round count
          </Button>
          <Button size="compact-sm" variant="light" disabled={!canEdit || !active || !selected} onClick={onEditPrice}>
            Edit price
          </Button>
        </Group>
      </Group>
      <Stack gap="xs">
        {missing.preferred ? <Placeholder text={PREFERRED_PLACEHOLDER} testId="placeholder-preferred" /> : null}
        {missing.economy ? <Placeholder text={ECONOMY_PLACEHOLDER} testId="placeholder-economy" /> : null}
        {seasonOver ? (
          <Alert color="yellow" variant="light" p="xs" data-testid="season-over">
            <Text size="sm">
              No lawn rounds are left in the {data.serviceYear} season: choose {data.serviceYear + 1} above to sell next
              season&apos;s program.
            </Text>
          </Alert>
        ) : null}
        {programs.length > 0 ? (
          <SimpleGrid
            type="container"
            cols={{ base: 1, '420px': Math.min(programs.length, 2), '640px': Math.min(programs.length, 3) }}
            spacing="xs"
          >
            {programs.map((p) => (
              <LawnProgramCard
                key={p.Id}
                program={p}
                quote={quote}
                state={quote.states.lawnPrograms.find((s) => s.id === p.Id)}
                disabled={!active}
                onToggle={() => onToggle(p.Id)}
                bundledNames={p.bundledServices.map(nameOf).filter((n): n is string => !!n)}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}

function LawnProgramCard({
  program: p,
  quote,
  state,
  disabled,
  onToggle,
  bundledNames,
}: {
  program: LawnProgram;
  quote: Quote;
  state: ItemState | undefined;
  disabled: boolean;
  onToggle: () => void;
  bundledNames: string[];
}) {
  const selected = state?.selected === true;
  const line = selected ? quote.lines.find((l) => l.kind === 'lawn') : undefined;
  const remaining = p.RemainRounds ?? p.TotalRounds;
  const unit = line?.unitPrice ?? p.FinalPrice;
  const rounds = line?.quantity ?? (selected ? (quote.rounds?.sold ?? 0) : remaining);
  const kind = lawnProgramKind(p.ServiceName);
  return (
    <ItemCard
      title={p.ServiceName}
      checked={selected}
      disabled={disabled}
      onToggle={onToggle}
      testId={`lawn-program-${p.Id}`}
    >
      <Text size="sm" data-testid="lawn-round-price">
        {formatMoney(unit)} a round{line && line.unitPrice !== p.FinalPrice ? ' (edited)' : ''}
      </Text>
      <Text size="xs" c="gray.7" data-testid="lawn-rounds">
        {selected ? `${rounds} rounds sold, ` : ''}
        {remaining} of {p.TotalRounds} rounds left this season
      </Text>
      <Text size="sm" fw={500} data-testid="lawn-program-price">
        {formatMoney(unit * rounds)} for {rounds} {rounds === 1 ? 'round' : 'rounds'}
      </Text>
      {kind === 'preferredPlus' && p.PreferredPlusServiceDiscount && p.ServiceNamePlus ? (
        <Text size="xs" c="gray.7">
          {p.PreferredPlusServiceDiscount}% off {p.ServiceNamePlus}
          {p.ServicePricePlus !== null ? ` (${formatMoney(p.ServicePricePlus)})` : ''}
        </Text>
      ) : null}
      {bundledNames.length > 0 ? (
        <Text size="xs" c="gray.7">
          Includes {bundledNames.join(', ')}
        </Text>
      ) : null}
      <StateBadges state={state} />
    </ItemCard>
  );
}

export interface PestProgramsProps {
  data: PricingResponse;
  quote: Quote;
  pestProgramId: number | null | undefined;
  active: boolean;
  onToggle: (id: number) => void;
}

export function PestPrograms({ data, quote, pestProgramId, active, onToggle }: PestProgramsProps) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-pest-title">
      <Title order={3} size="h5" mb="xs" id="pricing-pest-title">
        Pest Control
      </Title>
      {data.pestPrograms.length === 0 ? (
        <Placeholder text={NO_PEST_PLACEHOLDER} testId="placeholder-pest" />
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="xs">
          {data.pestPrograms.map((p) => (
            <PestProgramCard
              key={p.Id}
              program={p}
              months={quote.months}
              selected={p.Id === pestProgramId}
              disabled={!active}
              onToggle={() => onToggle(p.Id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

function PestProgramCard({
  program: p,
  months,
  selected,
  disabled,
  onToggle,
}: {
  program: PestProgram;
  months: number;
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <ItemCard
      title={p.ServiceName}
      checked={selected}
      disabled={disabled}
      onToggle={onToggle}
      testId={`pest-program-${p.Id}`}
    >
      <Text size="sm">
        Initial payment {formatMoney(p.InitialPayment)}
        {p.InitialFee !== null && p.InitialFee > p.InitialPayment ? ` (regularly ${formatMoney(p.InitialFee)})` : ''}
      </Text>
      <Text size="sm">
        then {formatMoney(p.FinalPrice)} a month for {months} {months === 1 ? 'month' : 'months'}, billed on the 15th
      </Text>
    </ItemCard>
  );
}

function Placeholder({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} p="xs" data-testid={testId}>
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
