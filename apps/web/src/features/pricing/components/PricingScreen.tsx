/**
 * The pricing tab once its price list is here: the header (lawn size, service year, MeasureIt and the refresh), the
 * totals, the programs and services at the left and what is paid at the right, the price edits and the lawn size
 * alert. Every click prices the call again with the domain's engine (quoteOf).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Modal, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconExternalLink, IconRefresh, IconRuler2 } from '@tabler/icons-react';
import type { PricingResponse } from '@cc/contract';
import { LAWN_SIZE_ALERT_ABOVE, canEditPricing, needsLawnSizeAlert, type Quote } from '@cc/domain';
import { toast } from '../../../lib/toast';
import { BusyButton } from '../../../components/BusyButton';
import { useShownMark } from '../../../lib/shown';
import type { PricingArgs } from '../api/customerPricing';
import {
  quoteOf,
  toggleLawnProgram,
  togglePestProgram,
  toggleService,
  withFlags,
  withSelections,
  withServiceYear,
  type PricingDraft,
} from '../model';
import { PricingEditDialogs, type EditDialog } from './PricingEditDialogs';
import { OffersCoupons } from './OffersCoupons';
import { LawnPrograms, PestPrograms } from './ProgramSections';
import { AdditionalServices } from './ServicesSection';
import { Discounts, TotalsCard, TotalsStrip } from './TotalsCards';
import type { PricingTabProps } from './pricing-tab-props';

export const LAWN_SIZE_ALERT_TITLE = 'Lawn Size Alert';

export interface PricingScreenProps extends PricingTabProps {
  data: PricingResponse;
  args: PricingArgs;
  refreshing: boolean;
  currentYear: number;
  acknowledgedSize: number | null;
  onAcknowledgeSize: (size: number) => void;
  /** The season the tab moved on from by itself (no lawn round of it left), or null. */
  advancedFrom: number | null;
}

/** The draft's quote, or why the price list cannot price it. */
function useQuote(data: PricingResponse, draft: PricingDraft): { quote: Quote } | { error: string } {
  return useMemo(() => {
    try {
      return { quote: quoteOf(data, draft) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [data, draft]);
}

export function PricingScreen(props: PricingScreenProps) {
  const { data, draft, onChange, user, active, refreshing, refreshBusy, visible, acknowledgedSize, advancedFrom } =
    props;
  const canEdit = canEditPricing({ companyId: user.CompanyId, permissions: user.permissions });
  const [dialog, setDialog] = useState<EditDialog>(null);
  const result = useQuote(data, draft);
  useShownMark('call-tab:pricing', visible, data);
  // Each click prices the call again: the totals it shows are the quote's.
  useShownMark('pricing-quote', visible, result);

  if ('error' in result) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="This price list cannot be priced" role="alert">
        {result.error}
      </Alert>
    );
  }
  const q = result.quote;
  const lawn = data.lawnPrograms.find((p) => p.Id === draft.selections.lawnProgramId) ?? null;
  const sizeAlert = visible && needsLawnSizeAlert(data.lawnSize) && acknowledgedSize !== data.lawnSize;

  return (
    <Stack
      gap="sm"
      data-testid="pricing-tab"
      data-service-year={data.serviceYear}
      aria-busy={refreshing || refreshBusy}
    >
      <PricingHeader {...props} />
      {advancedFrom !== null ? <SeasonAdvanced from={advancedFrom} /> : null}
      <TotalsStrip quote={q} />
      <PricingColumns
        data={data}
        quote={q}
        draft={draft}
        active={active}
        canEdit={canEdit}
        onChange={onChange}
        onEdit={setDialog}
      />
      <PricingEditDialogs
        dialog={dialog}
        lawn={lawn}
        quote={q}
        draft={draft}
        onSave={(next) => {
          onChange(next);
          setDialog(null);
        }}
        onCancel={(message) => {
          setDialog(null);
          toast.info(message);
        }}
      />
      <LawnSizeAlert opened={sizeAlert} lawnSize={data.lawnSize} onOk={() => props.onAcknowledgeSize(data.lawnSize)} />
    </Stack>
  );
}

/** The lawn size, the service year, the franchise, and MeasureIt and the refresh. */
function PricingHeader({
  data,
  args,
  draft,
  onChange,
  active,
  currentYear,
  measurement,
  onMeasure,
  onRefresh,
  refreshBusy,
}: PricingScreenProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          Lawn size{' '}
          <Text span fw={600} data-testid="pricing-lawn-size">
            {data.lawnSize.toFixed(2)}
          </Text>{' '}
          <Text span size="xs" c="gray.7">
            (thousand sq ft)
          </Text>
        </Text>
        <Group gap={6}>
          <Text size="sm" id="pricing-service-year-label">
            Service year
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="pricing-service-year-label"
            data-testid="pricing-service-year"
            value={String(args.pricingYear)}
            onChange={(v) => onChange(withServiceYear(draft, Number(v)))}
            disabled={!active}
            data={[currentYear, currentYear + 1].map((y) => ({ value: String(y), label: String(y) }))}
          />
          {data.priceListYear !== data.serviceYear ? (
            <Text span size="xs" c="gray.7">
              ({data.priceListYear} prices)
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7">
          {data.franchiseInfo.compName}
        </Text>
      </Group>
      <Group gap="xs">
        {measurement}
        {onMeasure ? <MeasureLawnButton onMeasure={onMeasure} /> : null}
        <BusyButton
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          busy={refreshBusy}
          onClick={() => void onRefresh()}
        >
          Refresh Lawn Size and Pricing
        </BusyButton>
      </Group>
    </Group>
  );
}

function MeasureLawnButton({ onMeasure }: { onMeasure: () => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRuler2 size={14} aria-hidden />}
      rightSection={<IconExternalLink size={14} aria-hidden />}
      onClick={onMeasure}
      data-testid="pricing-measure-lawn"
    >
      Measure lawn
      <VisuallyHidden> (opens MeasureIt in a new window)</VisuallyHidden>
    </Button>
  );
}

function SeasonAdvanced({ from }: { from: number }) {
  return (
    <Alert color="blue" variant="light" p="xs" data-testid="season-advanced">
      <Text size="sm">
        No lawn rounds are left in the {from} season, so pricing shows the {from + 1} season. Choose {from} above to see
        this season&apos;s prices.
      </Text>
    </Alert>
  );
}

/**
 * Programs and services at the left, what is paid (discounts, totals, offers) at the right, of about even heights: the
 * tab stays about one and a half screens tall at a desk's 1366 px (docs/decisions/070-screens-at-1366.md).
 */
function PricingColumns({
  data,
  quote: q,
  draft,
  active,
  canEdit,
  onChange,
  onEdit,
}: {
  data: PricingResponse;
  quote: Quote;
  draft: PricingDraft;
  active: boolean;
  canEdit: boolean;
  onChange: (next: PricingDraft) => void;
  onEdit: (dialog: EditDialog) => void;
}) {
  return (
    <Grid gap="sm" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <LawnPrograms
            data={data}
            quote={q}
            lawnProgramId={draft.selections.lawnProgramId}
            active={active}
            canEdit={canEdit}
            onToggle={(id) => onChange(toggleLawnProgram(draft, id))}
            onEditRounds={() => onEdit('rounds')}
            onEditPrice={() => onEdit('price')}
          />
          <PestPrograms
            data={data}
            quote={q}
            pestProgramId={draft.selections.pestProgramId}
            active={active}
            onToggle={(id) => onChange(togglePestProgram(draft, id))}
          />
          <AdditionalServices
            data={data}
            quote={q}
            active={active}
            onToggle={(id) => onChange(toggleService(draft, id))}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm">
          <Discounts
            quote={q}
            monthlyPaymentAvailable={data.monthlyPaymentAvailable}
            billDay={draft.selections.billDay === 15 ? 15 : 1}
            active={active}
            canEdit={canEdit}
            onPrepay={(prepay) => onChange(withFlags(draft, { prepay }))}
            onCallDiscount={(callDiscount) => onChange(withFlags(draft, { callDiscount }))}
            onMonthly={(monthlyPayment) => onChange(withFlags(draft, { monthlyPayment }))}
            onBillDay={(billDay) => onChange(withSelections(draft, { billDay }))}
            onEditCallDiscount={() => onEdit('call')}
            onEditPrepay={() => onEdit('prepay')}
          />
          <TotalsCard quote={q} />
          <OffersCoupons
            data={data}
            quote={q}
            offerId={draft.selections.offerId}
            freeServiceId={draft.selections.freeServiceId}
            couponCode={draft.selections.couponCode}
            active={active}
            onOffer={(offerId) => onChange(withSelections(draft, { offerId, freeServiceId: null }))}
            onFreeService={(freeServiceId) => onChange(withSelections(draft, { freeServiceId }))}
            onCoupon={(couponCode) => onChange(withSelections(draft, { couponCode }))}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Above a lawn size the measurement is checked with the customer first; OK (or Escape) is the only answer. */
function LawnSizeAlert({ opened, lawnSize, onOk }: { opened: boolean; lawnSize: number; onOk: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onOk}
      title={LAWN_SIZE_ALERT_TITLE}
      size="md"
      withCloseButton={false}
      // Escape answers OK, the alert's only answer: every dialog closes on Escape.
      closeOnClickOutside={false}
      data-testid="lawn-size-alert"
    >
      <Text size="sm">
        The lawn size is {lawnSize.toFixed(2)} thousand square feet, above {LAWN_SIZE_ALERT_ABOVE}. Check the
        measurement with the customer before continuing.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onOk} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
