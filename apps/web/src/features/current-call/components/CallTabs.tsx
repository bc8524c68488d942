import { useEffect, useState, type ReactNode } from 'react';
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
import { useCustomerTouchpoints } from '../api/customerTouchpoints';
import { useWebOrders } from '../api/webOrders';
import { useCallScript } from '../api/callScript';
import { defaultHistoryRange } from '../history-range';

// Tabs the call does not open on: their code loads after the screen's first paint (CallTabs), not in its download.
const loadHistoryTab = () => import('./HistoryTab');
const loadWebOrdersTab = () => import('./WebOrdersTab');
const HistoryTab = lazyPart(() => loadHistoryTab().then((m) => m.HistoryTab));
const WebOrdersTab = lazyPart(() => loadWebOrdersTab().then((m) => m.WebOrdersTab));

/**
 * What the tabs not yet visited will show, asked for when the call opens (the same queries the tabs run, so a tab
 * finds its answer waiting; the call history is the call screen's own, useCallReference), and their code loaded: the
 * tabs themselves render on their first visit (useCallTab).
 */
function useTabsAhead(sqldbid: number, customerNo: number, callType: string): void {
  const [[start, end]] = useState(defaultHistoryRange);
  useCustomerTouchpoints({ sqldbid, customerNo, start, end }, customerNo >= 0);
  useWebOrders(sqldbid, customerNo, customerNo > 0);
  useCallScript({ sqldbid, customerNo, callType });
  useEffect(() => {
    void loadHistoryTab().catch(() => undefined);
    void loadWebOrdersTab().catch(() => undefined);
  }, []);
}

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
  /** The tabs visited on this call: each renders on its first visit and then stays (useCallTab). */
  visited: ReadonlySet<string>;
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

/** The call's tabs: customer, pricing, history, web orders, script and survey, each kept once visited. */
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
  visited,
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
  useTabsAhead(sqldbid, customerNo, callType);
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
          {visited.has('pricing') ? (
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
          {visited.has('history') ? (
            <HistoryTab sqldbid={sqldbid} customerNo={customerNo} onOpenLog={onOpenLog} shown={tab === 'history'} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="web-orders">
          {visited.has('web-orders') ? (
            <WebOrdersTab sqldbid={sqldbid} customerNo={customerNo} shown={tab === 'web-orders'} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="script">
          {visited.has('script') ? (
            <ScriptTab sqldbid={sqldbid} customerNo={customerNo} callType={callType} shown={tab === 'script'} />
          ) : null}
        </Tabs.Panel>
        <Tabs.Panel value="survey">
          {visited.has('survey') ? (
            <SurveyTab
              answers={draft.survey}
              onChange={(survey) => {
                onSurveyChange();
                patch({ survey });
              }}
              flagMissing={surveyFlagged}
            />
          ) : null}
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
