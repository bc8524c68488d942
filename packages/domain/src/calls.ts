/** Call types, results, options and list rules (call-handling.md §3, §4, §9). */

export const CALL_TYPES = [
  { CallTypeId: 1, CallTypeName: 'Inbound', CallTypeDisplayName: 'Inbound Calls', outbound: false },
  { CallTypeId: 2, CallTypeName: 'Cancel', CallTypeDisplayName: 'Cancel Calls', outbound: true },
  { CallTypeId: 3, CallTypeName: 'Upsell', CallTypeDisplayName: 'Upsell Postcard', outbound: true },
  { CallTypeId: 4, CallTypeName: 'CustomerSurvey', CallTypeDisplayName: 'Customer Survey', outbound: true },
  { CallTypeId: 5, CallTypeName: 'SkippedRounds', CallTypeDisplayName: 'Skipped Rounds', outbound: true },
  { CallTypeId: 6, CallTypeName: 'WebLead', CallTypeDisplayName: 'Web Leads', outbound: true },
  { CallTypeId: 7, CallTypeName: 'InboundFollowUp', CallTypeDisplayName: 'Inbound Follow-Up', outbound: true },
  { CallTypeId: 8, CallTypeName: 'PropertyEval', CallTypeDisplayName: 'Property Evaluation', outbound: true },
  { CallTypeId: 9, CallTypeName: 'CommercialLead', CallTypeDisplayName: 'Commercial Leads', outbound: true },
  { CallTypeId: 10, CallTypeName: 'Extract', CallTypeDisplayName: 'Extract Calls', outbound: true },
] as const;

export type CallTypeName = (typeof CALL_TYPES)[number]['CallTypeName'];
export type OutboundCallTypeName = Exclude<CallTypeName, 'Inbound'>;
export const OUTBOUND_CALL_TYPES = CALL_TYPES.filter((t) => t.outbound);
export const OUTBOUND_CALL_TYPE_NAMES = OUTBOUND_CALL_TYPES.map((t) => t.CallTypeName) as OutboundCallTypeName[];

export function callTypeByName(name: string) {
  return CALL_TYPES.find((t) => t.CallTypeName.toLowerCase() === name.toLowerCase());
}

/** The name people read for a call type (decision 062); a name that is no call type is shown as it is. */
export function callTypeDisplayName(name: string): string {
  return callTypeByName(name)?.CallTypeDisplayName ?? name;
}

export const SALE_RESULTS = ['Sale', 'Upsell'] as const;
/** Outbound results that schedule a callback (call status Callback with a time); others end the call. */
export const CALLBACK_RESULTS = ['No Answer', 'Call Back', 'Estimate Requested', 'Left Voicemail'] as const;
/** Web-lead results that take the lead off the web-lead list. */
export const WEB_LEAD_DELETE_RESULTS = [
  'Interested Prospect - THP',
  'Interested Prospect',
  'Estimate Requested',
] as const;
/** Results that add one to the inbound follow-up list. */
export const INTERESTED_RESULTS = ['Interested Prospect', 'Interested Prospect - THP'] as const;
export const THP_RESULT = 'Interested Prospect - THP';
/**
 * Results of a call on which nobody from the customer's side was spoken to: the phone was not answered, a message
 * was left on a machine, or the number reached someone else. The end-call email thanks the customer for speaking
 * with us, so these calls send none (docs/decisions/066-who-a-call-is-for-no-contact-and-callback-hours.md).
 */
export const NO_CONTACT_RESULTS = ['No Answer', 'Left Voicemail', 'Wrong Number'] as const;

const COMMON_OUTBOUND = ['No Answer', 'Call Back', 'Left Voicemail', 'Not Interested', 'Wrong Number', 'Do Not Call'];

/** Call results per call type (CallTypeName → result names in display order). */
export const CALL_RESULTS: Record<CallTypeName, readonly string[]> = {
  Inbound: [
    'Sale',
    'Upsell',
    'Interested Prospect',
    'Interested Prospect - THP',
    'Estimate Requested',
    'Information Only',
    'Service Call',
    'Billing Question',
    'Cancel Request',
    'Not Interested',
  ],
  Cancel: ['Sale', ...COMMON_OUTBOUND, 'Moved', 'Service Problem'],
  Upsell: ['Upsell', 'Sale', 'Estimate Requested', ...COMMON_OUTBOUND],
  CustomerSurvey: ['Survey Complete', 'Sale', 'Refused Survey', ...COMMON_OUTBOUND],
  SkippedRounds: ['Sale', 'Rounds Rescheduled', 'Service Problem', ...COMMON_OUTBOUND],
  WebLead: ['Sale', 'Interested Prospect', 'Interested Prospect - THP', 'Estimate Requested', ...COMMON_OUTBOUND],
  InboundFollowUp: [
    'Sale',
    'Interested Prospect',
    'Interested Prospect - THP',
    'Estimate Requested',
    ...COMMON_OUTBOUND,
  ],
  PropertyEval: ['Sale', 'Estimate Requested', ...COMMON_OUTBOUND],
  CommercialLead: ['Sale', 'Estimate Requested', 'Interested Prospect', ...COMMON_OUTBOUND],
  Extract: ['Sale', 'Upsell', ...COMMON_OUTBOUND],
};

/** Call options: lawn quality, rank and expectation answers, and the follow-up options. */
export const CALL_OPTIONS: readonly { Id: number; OptionName: string; HeaderName: string }[] = [
  { Id: 130, OptionName: 'Excellent', HeaderName: 'Lawn Quality' },
  { Id: 131, OptionName: 'Good', HeaderName: 'Lawn Quality' },
  { Id: 132, OptionName: 'Fair', HeaderName: 'Lawn Quality' },
  { Id: 133, OptionName: 'Poor', HeaderName: 'Lawn Quality' },
  { Id: 134, OptionName: 'Very Poor', HeaderName: 'Lawn Quality' },
  { Id: 136, OptionName: '1 - Lowest', HeaderName: 'Rank' },
  { Id: 137, OptionName: '2', HeaderName: 'Rank' },
  { Id: 138, OptionName: '3', HeaderName: 'Rank' },
  { Id: 139, OptionName: '4', HeaderName: 'Rank' },
  { Id: 140, OptionName: '5 - Highest', HeaderName: 'Rank' },
  { Id: 141, OptionName: 'Exceeded Expectations', HeaderName: 'Expectation' },
  { Id: 142, OptionName: 'Met Expectations', HeaderName: 'Expectation' },
  { Id: 143, OptionName: 'Below Expectations', HeaderName: 'Expectation' },
  { Id: 1, OptionName: 'None', HeaderName: 'Follow Up' },
  { Id: 2, OptionName: 'Franchise Owner', HeaderName: 'Follow Up' },
  { Id: 3, OptionName: 'More Questions', HeaderName: 'Follow Up' },
  { Id: 4, OptionName: 'Speak with Owner', HeaderName: 'Follow Up' },
  { Id: 5, OptionName: 'Service Problem', HeaderName: 'Follow Up' },
  { Id: 6, OptionName: 'Other', HeaderName: 'Follow Up' },
];
export const DEFAULT_FOLLOW_UP = 'None';

/** A deep link opens the first of the customer's leads in this order of status. */
export const LEAD_STATUS_PRIORITY = ['prospect', 'open', 'pending', 'won', 'lost', 'deleted'] as const;
export type LeadStatus = (typeof LEAD_STATUS_PRIORITY)[number];

export function firstLeadByPriority<T extends { status: string }>(leads: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestRank = Infinity;
  for (const lead of leads) {
    const rank = LEAD_STATUS_PRIORITY.indexOf(lead.status.toLowerCase() as LeadStatus);
    if (rank >= 0 && rank < bestRank) {
      best = lead;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * Which outbound rows a list shows: a real customer number (not empty, not -1), not completed, not
 * deleted, and for property evaluation only where evaluation is enabled. The pure form of LISTED in
 * the API's outbound lists and of migration 0004.
 */
export function isListable(row: {
  type: string;
  custNo: number | null;
  callComplete: boolean;
  enablePropEval: boolean;
  /** Deleted from its list (kept, marked deleted). */
  deleted?: boolean;
}): boolean {
  if (row.custNo === null || row.custNo === -1 || row.callComplete || row.deleted === true) return false;
  return row.type !== 'PropertyEval' || row.enablePropEval;
}

/** A call source should read 'Outbound-…'; others are logged as a warning. */
export function isOutboundSource(source: string): boolean {
  return source.startsWith('Outbound-');
}

/**
 * A customer edit made on a version of the customer that another user has changed since (409; the edit dialog offers
 * to reload). The spec has no text for it (docs/decisions/021-orders-and-call-writes.md).
 */
export const CUSTOMER_CHANGED_MESSAGE =
  'Another user has changed this customer since you opened it. Reload the customer to see their changes.';
