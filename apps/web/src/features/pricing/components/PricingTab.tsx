import { useEffect, useState } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCurrentServiceYear } from '../api/currentServiceYear';
import { useCustomerPricing, type PricingArgs } from '../api/customerPricing';
import { nextYearToOpen, withServiceYear } from '../model';
import { PricingScreen } from './PricingScreen';
import type { PricingTabProps } from './pricing-tab-props';

export type { PricingTabProps };

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
