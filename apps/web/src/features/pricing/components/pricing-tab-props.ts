import type { ReactNode } from 'react';
import type { Customer, SessionUser } from '@cc/contract';
import type { PricingDraft } from '../model';

/** What the call screen gives its pricing tab. */
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
