import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconExternalLink, IconRefresh, IconRuler2 } from '@tabler/icons-react';
import type { Customer, PricingResponse, SessionUser } from '@cc/contract';
import { LAWN_SIZE_ALERT_ABOVE, canEditPricing, needsLawnSizeAlert, type Quote } from '@cc/domain';
import { toast } from '../../../lib/toast';
import { useCurrentServiceYear } from '../api/currentServiceYear';
import { useCustomerPricing, type PricingArgs } from '../api/customerPricing';
import {
  nextYearToOpen,
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
import { BusyButton } from '../../../components/BusyButton';
import { useShownMark } from '../../../lib/shown';

export const LAWN_SIZE_ALERT_TITLE = 'Lawn Size Alert';

export interface PricingTabProps {
  sqldbid: number;
  customerNo: number;
  customer: Customer | null;
  /** Why the customer could not be read, when it could not: there is nothing to price then. */
  customerError?: string | null;
  user: SessionUser;
  draft: PricingDraft;
  onChange: (draft: PricingDraft) => void;
  /** 'Refresh Lawn Size and Pricing': the call reads the lawn size again and re-prices (it says how it went). */
  onRefresh: () => Promise<void>;
  /** The refresh is under way (a click, or a measurement saved in another window). */
  refreshBusy: boolean;
  /** Opens MeasureIt for the customer in its own window; absent when the user or the customer has no MeasureIt. */
  onMeasure?: (() => void) | undefined;
  /** What MeasureIt saved of the customer (its image), shown beside Measure lawn; absent when there is nothing. */
  measurement?: ReactNode;
  /** The call is open: selections and edits are allowed. */
  active: boolean;
  /** The tab is the one shown: the lawn size alert waits for it. */
  visible: boolean;
}

/**
 * The pricing tab: the franchise's lawn programs, pest programs, additional services, offers and coupons for the
 * customer's lawn size, and the totals. The same engine the server uses (quote from @cc/domain) prices every click
 * in the browser; the selections stay in the call's draft for the end of the call.
 */
export function PricingTab(props: PricingTabProps) {
  const { sqldbid, customerNo, customer } = props;
  const year = useCurrentServiceYear();
  const args: PricingArgs | null =
    customer && year.data
      ? {
          sqldbid,
          customerNo: Math.max(customerNo, 0),
          zip: customer.zip,
          size: Math.max(0, customer.lawnSize),
          pricingYear: props.draft.serviceYear ?? year.data.serviceYear,
        }
      : null;
  const pricing = useCustomerPricing(args);
  const error = year.error ?? pricing.error;
  // Kept here, above the loader, so the alert is not shown again for the same size after a change of year.
  const [acknowledgedSize, setAcknowledgedSize] = useState<number | null>(null);
  // The season whose rounds were all behind us when the tab opened, so it moved on to the next year by itself.
  const [advancedFrom, setAdvancedFrom] = useState<number | null>(null);
  const { draft, onChange } = props;
  const nextYear = year.data && pricing.data ? nextYearToOpen(draft, year.data.serviceYear, pricing.data) : null;
  if (nextYear !== null && advancedFrom !== nextYear - 1) setAdvancedFrom(nextYear - 1);
  useEffect(() => {
    if (nextYear !== null) onChange(withServiceYear(draft, nextYear));
  }, [nextYear, draft, onChange]);

  // Without a customer there is no zip or lawn size to price: say so rather than wait for one that will not come.
  const failure = error?.message ?? (customer ? null : (props.customerError ?? null));
  if (failure !== null) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Pricing could not be loaded" role="alert">
        {failure}
      </Alert>
    );
  }
  // Another year's prices (kept on screen while the new ones load) have other ids: wait for this year's.
  if (!pricing.data || !args || pricing.data.serviceYear !== args.pricingYear) {
    return (
      <Center h={200}>
        <Loader role="status" aria-label="Loading pricing" />
      </Center>
    );
  }
  return (
    <PricingScreen
      {...props}
      data={pricing.data}
      args={args}
      refreshing={pricing.isFetching}
      currentYear={year.data?.serviceYear ?? args.pricingYear}
      acknowledgedSize={acknowledgedSize}
      onAcknowledgeSize={setAcknowledgedSize}
      advancedFrom={advancedFrom !== null && pricing.data.serviceYear === advancedFrom + 1 ? advancedFrom : null}
    />
  );
}

function PricingScreen({
  data,
  args,
  draft,
  onChange,
  user,
  active,
  onRefresh,
  refreshBusy,
  onMeasure,
  measurement,
  refreshing,
  currentYear,
  visible,
  acknowledgedSize,
  onAcknowledgeSize,
  advancedFrom,
}: PricingTabProps & {
  data: PricingResponse;
  args: PricingArgs;
  refreshing: boolean;
  currentYear: number;
  acknowledgedSize: number | null;
  onAcknowledgeSize: (size: number) => void;
  advancedFrom: number | null;
}) {
  const canEdit = canEditPricing({ companyId: user.CompanyId, permissions: user.permissions });
  const [dialog, setDialog] = useState<EditDialog>(null);

  const result = useMemo((): { quote: Quote } | { error: string } => {
    try {
      return { quote: quoteOf(data, draft) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [data, draft]);
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
  const change = (next: PricingDraft) => onChange(next);
  const sizeAlert = visible && needsLawnSizeAlert(data.lawnSize) && acknowledgedSize !== data.lawnSize;

  const cancel = (message: string) => {
    setDialog(null);
    toast.info(message);
  };

  return (
    <Stack
      gap="sm"
      data-testid="pricing-tab"
      data-service-year={data.serviceYear}
      aria-busy={refreshing || refreshBusy}
    >
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
              onChange={(v) => change(withServiceYear(draft, Number(v)))}
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
          {onMeasure ? (
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
          ) : null}
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

      {advancedFrom !== null ? (
        <Alert color="blue" variant="light" p="xs" data-testid="season-advanced">
          <Text size="sm">
            No lawn rounds are left in the {advancedFrom} season, so pricing shows the {advancedFrom + 1} season. Choose{' '}
            {advancedFrom} above to see this season&apos;s prices.
          </Text>
        </Alert>
      ) : null}

      <TotalsStrip quote={q} />

      {/* Programs and services at the left, what is paid (discounts, totals, offers) at the right, of about even
          heights: the tab stays about one and a half screens tall at a desk's 1366 px
          (docs/decisions/070-screens-at-1366.md). */}
      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="sm">
            <LawnPrograms
              data={data}
              quote={q}
              lawnProgramId={draft.selections.lawnProgramId}
              active={active}
              canEdit={canEdit}
              onToggle={(id) => change(toggleLawnProgram(draft, id))}
              onEditRounds={() => setDialog('rounds')}
              onEditPrice={() => setDialog('price')}
            />
            <PestPrograms
              data={data}
              quote={q}
              pestProgramId={draft.selections.pestProgramId}
              active={active}
              onToggle={(id) => change(togglePestProgram(draft, id))}
            />
            <AdditionalServices
              data={data}
              quote={q}
              active={active}
              onToggle={(id) => change(toggleService(draft, id))}
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
              onPrepay={(prepay) => change(withFlags(draft, { prepay }))}
              onCallDiscount={(callDiscount) => change(withFlags(draft, { callDiscount }))}
              onMonthly={(monthlyPayment) => change(withFlags(draft, { monthlyPayment }))}
              onBillDay={(billDay) => change(withSelections(draft, { billDay }))}
              onEditCallDiscount={() => setDialog('call')}
              onEditPrepay={() => setDialog('prepay')}
            />
            <TotalsCard quote={q} />
            <OffersCoupons
              data={data}
              quote={q}
              offerId={draft.selections.offerId}
              freeServiceId={draft.selections.freeServiceId}
              couponCode={draft.selections.couponCode}
              active={active}
              onOffer={(offerId) => change(withSelections(draft, { offerId, freeServiceId: null }))}
              onFreeService={(freeServiceId) => change(withSelections(draft, { freeServiceId }))}
              onCoupon={(couponCode) => change(withSelections(draft, { couponCode }))}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <PricingEditDialogs
        dialog={dialog}
        lawn={lawn}
        quote={q}
        draft={draft}
        onSave={(next) => {
          change(next);
          setDialog(null);
        }}
        onCancel={cancel}
      />

      <Modal
        opened={sizeAlert}
        onClose={() => onAcknowledgeSize(data.lawnSize)}
        title={LAWN_SIZE_ALERT_TITLE}
        size="md"
        withCloseButton={false}
        // Escape answers OK, the alert's only answer: every dialog closes on Escape.
        closeOnClickOutside={false}
        data-testid="lawn-size-alert"
      >
        <Text size="sm">
          The lawn size is {data.lawnSize.toFixed(2)} thousand square feet, above {LAWN_SIZE_ALERT_ABOVE}. Check the
          measurement with the customer before continuing.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => onAcknowledgeSize(data.lawnSize)} data-autofocus>
            OK
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
