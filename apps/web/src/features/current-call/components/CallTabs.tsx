import type { ReactNode } from 'react';
import { Paper, Tabs } from '@mantine/core';
import {
  IconAddressBook,
  IconCurrencyDollar,
  IconFileText,
  IconHistory,
  IconListCheck,
  IconShoppingCart,
} from '@tabler/icons-react';
import type { Customer, HistoryRow, SessionUser } from '@cc/contract';
import { PricingTab } from '../../pricing';
import { CALL_TABS_ID } from '../hooks/useCallShortcuts';
import type { CallDraft, TheCall } from '../model';
import { CustomerTab } from './CustomerTab';
import { ScriptTab } from './ScriptTab';
import { SurveyTab } from './SurveyTab';
import { lazyPart } from '../../../components/lazy-part';
import { useShownMark } from '../../../lib/shown';

// Tabs the call does not open on: loaded after the screen's first paint (keepMounted renders them at once).
const HistoryTab = lazyPart(() => import('./HistoryTab').then((m) => m.HistoryTab));
const WebOrdersTab = lazyPart(() => import('./WebOrdersTab').then((m) => m.WebOrdersTab));

export interface CallTabsProps {
  tab: string;
  onTab: (value: string | null) => void;
  sqldbid: number;
  customerNo: number;
  callType: string;
  theCall: TheCall | null;
  customer: Customer | null;
  user: SessionUser;
  draft: CallDraft;
  patch: (change: Partial<CallDraft>) => void;
  /** The customer's recent calls (the customer tab's list). */
  recent: { data: HistoryRow[] | undefined; isPending: boolean };
  /** The pricing tab mounts on its first visit and then stays. */
  pricingSeen: boolean;
  /** The refresh of lawn size and pricing (useLawnSizeRefresh). */
  onRefresh: () => Promise<void>;
  refreshBusy: boolean;
  /** Opens MeasureIt for the customer; absent when not offered. */
  onMeasure?: (() => void) | undefined;
  /** Why the customer could not be read, or null. */
  customerError?: string | null;
  /** The customer's saved measurement, shown on the pricing tab. */
  measurement?: ReactNode;
  /** The call is held: its work may change. */
  open: boolean;
  onOpenLog: (call: HistoryRow) => void;
  /** The end of the call found required survey answers missing: the Survey tab marks them until they change. */
  surveyFlagged: boolean;
  onSurveyChange: () => void;
}

/** The call's tabs: customer, pricing, history, web orders, script and survey, kept mounted. */
export function CallTabs({
  tab,
  onTab,
  sqldbid,
  customerNo,
  callType,
  theCall,
  customer,
  user,
  draft,
  patch,
  recent,
  pricingSeen,
  onRefresh,
  refreshBusy,
  onMeasure,
  measurement,
  customerError = null,
  open,
  onOpenLog,
  surveyFlagged,
  onSurveyChange,
}: CallTabsProps) {
  // The tabs that read nothing of their own are shown with the call; the others mark themselves when their answer is.
  const customerShown = theCall !== null && !(customerNo >= 0 && recent.isPending);
  useShownMark(`call-tab:${tab}`, (tab === 'customer' && customerShown) || tab === 'survey', recent.data);
  return (
    <Paper withBorder radius="md" p="sm">
      <Tabs id={CALL_TABS_ID} value={tab} onChange={onTab} variant="outline" keepMounted>
        <CallTabList />
        <Tabs.Panel value="customer">
          <CustomerTab
            callType={callType}
            theCall={theCall}
            draft={draft}
            recent={recent.data}
            recentLoading={customerNo >= 0 && recent.isPending}
            onOpenLog={onOpenLog}
          />
        </Tabs.Panel>
        <Tabs.Panel value="pricing">
          {pricingSeen ? (
            <PricingTab
              sqldbid={sqldbid}
              customerNo={customerNo}
              customer={customer}
              user={user}
              draft={draft.pricing}
              onChange={(pricing) => patch({ pricing })}
              onRefresh={onRefresh}
              refreshBusy={refreshBusy}
              onMeasure={onMeasure}
              measurement={measurement}
              customerError={customerError}
              active={open}
              visible={tab === 'pricing'}
            />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab sqldbid={sqldbid} customerNo={customerNo} onOpenLog={onOpenLog} shown={tab === 'history'} />
        </Tabs.Panel>
        <Tabs.Panel value="web-orders">
          <WebOrdersTab sqldbid={sqldbid} customerNo={customerNo} shown={tab === 'web-orders'} />
        </Tabs.Panel>
        <Tabs.Panel value="script">
          <ScriptTab sqldbid={sqldbid} customerNo={customerNo} callType={callType} shown={tab === 'script'} />
        </Tabs.Panel>
        <Tabs.Panel value="survey">
          <SurveyTab
            answers={draft.survey}
            onChange={(survey) => {
              onSurveyChange();
              patch({ survey });
            }}
            flagMissing={surveyFlagged}
          />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

/** The call's six tabs, by name. */
function CallTabList() {
  return (
    <Tabs.List mb="sm" aria-label="Call details">
      <Tabs.Tab value="customer" leftSection={<IconAddressBook size={15} />}>
        Customer
      </Tabs.Tab>
      <Tabs.Tab value="pricing" leftSection={<IconCurrencyDollar size={15} />}>
        Pricing
      </Tabs.Tab>
      <Tabs.Tab value="history" leftSection={<IconHistory size={15} />}>
        History
      </Tabs.Tab>
      <Tabs.Tab value="web-orders" leftSection={<IconShoppingCart size={15} />}>
        Web Orders
      </Tabs.Tab>
      <Tabs.Tab value="script" leftSection={<IconFileText size={15} />}>
        Script
      </Tabs.Tab>
      <Tabs.Tab value="survey" leftSection={<IconListCheck size={15} />}>
        Survey
      </Tabs.Tab>
    </Tabs.List>
  );
}
