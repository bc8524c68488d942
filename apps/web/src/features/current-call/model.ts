/** The call screen's own types and the helpers that read the call row (call-handling.md §2, §3). */
import { generatePath } from 'react-router';
import type { Customer } from '@cc/contract';
import { callTypeByName, DEFAULT_FOLLOW_UP, formatPhone, phoneDigits } from '@cc/domain';
import { EMPTY_PRICING_DRAFT, type PricingDraft } from '../pricing';

/** The route of the call screen, named currentCall. */
export const CURRENT_CALL_PATH = '/call-center/current-call/:sqldbid/:customerNo/:callType';

export function currentCallPath(sqldbid: number, customerNo: number, callType: string): string {
  return generatePath(CURRENT_CALL_PATH, {
    sqldbid: String(sqldbid),
    customerNo: String(customerNo),
    callType,
  });
}

/** The call row the lists hand over (an inbound search row or an outbound list row), as received. */
export type TheCall = Record<string, unknown>;

export const INBOUND_LIST = '/call-center/inbound';
export const OUTBOUND_LIST = '/call-center/outbound';
/** Outbound call types that have a list of their own (the outbound sub-states). */
const OUTBOUND_SUB_STATES: Record<string, string> = {
  Cancel: `${OUTBOUND_LIST}/cancelCalls`,
  Upsell: `${OUTBOUND_LIST}/upsells`,
};

/** Where a call of this type returns to: the inbound search, or the outbound list of its type. */
export function listPathOf(callType: string): string {
  const type = callTypeByName(callType);
  if (!type?.outbound) return INBOUND_LIST;
  return OUTBOUND_SUB_STATES[type.CallTypeName] ?? OUTBOUND_LIST;
}

export function isOutbound(callType: string): boolean {
  return callTypeByName(callType)?.outbound ?? false;
}

/** The first of the fields that holds a non-empty text or a number, as text. */
export function field(theCall: TheCall | null | undefined, ...names: string[]): string {
  for (const name of names) {
    const value = theCall?.[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return '';
}

function numberField(theCall: TheCall | null | undefined, ...names: string[]): number | null {
  for (const name of names) {
    const value = theCall?.[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  return null;
}

/** The outbound row's id, which the lock and the cancel record carry; none for inbound calls. */
export function outboundIdOf(theCall: TheCall | null | undefined): number | undefined {
  const id = numberField(theCall, 'OutboundId', 'outboundId');
  return id !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A call row worth keeping: router state from a list, not an empty object. */
export function hasCallRow(theCall: unknown): theCall is TheCall {
  return typeof theCall === 'object' && theCall !== null && Object.keys(theCall).length > 0;
}

/**
 * The web lead's contact id, which setWebLeadCustomer names the lead by: web-lead rows carry it as
 * ContactId (docs/decisions/008). Empty when the row has none: there is no lead to give a number to.
 */
export function contactIdOf(theCall: TheCall | null | undefined): string {
  return field(theCall, 'ContactId', 'contactId');
}

/**
 * An unknown customer (customer number -1): the record is built from the call row, without the API.
 * Inbound rows carry Address and Branch, outbound rows Street, branchNo and Size.
 */
export function customerFromCall(theCall: TheCall | null, sqldbid: number, customerNo: number): Customer {
  return {
    sqldbid,
    customerNo,
    customerType: field(theCall, 'CustomerType') || 'Prospect',
    status: field(theCall, 'Status') || 'Unknown',
    email: field(theCall, 'Email', 'email'),
    firstName: field(theCall, 'FirstName'),
    lastName: field(theCall, 'LastName'),
    streetNo: '',
    preDir: '',
    streetNm: '',
    suffix: '',
    postDir: '',
    address: field(theCall, 'Address', 'Street'),
    city: field(theCall, 'City'),
    state: field(theCall, 'State'),
    zip: field(theCall, 'Zip'),
    lawnSize: numberField(theCall, 'Size', 'LawnSize') ?? 0,
    homePhone: phoneText(field(theCall, 'Phone')),
    workPhone: '',
    cellPhone: '',
    branchno: field(theCall, 'Branch', 'branchNo', 'BranchNo'),
    customerInfoEditId: null,
    latitude: null,
    longitude: null,
    isAutoPayEnabled: false,
    version: 0,
  };
}

/**
 * An inbound call opened without its search row (a deep link): the row the inbound search would have
 * given, so the call can be saved and resumed like any other.
 */
export function inboundRowOf(customer: Customer): TheCall {
  return {
    Branch: customer.branchno,
    AccountNo: customer.customerNo,
    Name: [customer.lastName, customer.firstName].filter(Boolean).join(', '),
    FirstName: customer.firstName,
    LastName: customer.lastName,
    Address: customer.address,
    City: customer.city,
    State: customer.state,
    Zip: customer.zip,
    Phone: customer.homePhone || customer.cellPhone || customer.workPhone,
    CustomerType: customer.customerType,
    SQLDBID: customer.sqldbid,
    CallOrigin: 'Inbound',
  };
}

/** A new prospect's record, with what the caller gave on the add-call dialog. */
export function withCallerDetails(prospect: Customer, theCall: TheCall | null): Customer {
  if (prospect.customerNo !== 0 || !theCall) return prospect;
  const fromCall = customerFromCall(theCall, prospect.sqldbid, 0);
  return {
    ...prospect,
    firstName: prospect.firstName || fromCall.firstName,
    lastName: prospect.lastName || fromCall.lastName,
    homePhone: prospect.homePhone || fromCall.homePhone,
    zip: prospect.zip === 'N/A' && fromCall.zip ? fromCall.zip : prospect.zip,
  };
}

/** (630) 555-0142 for a North American number in any format; anything else as given. */
export function phoneText(value: string): string {
  const digits = phoneDigits(value);
  return digits.length === 10 ? formatPhone(digits) : value.trim();
}

export function fullName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return [customer.firstName, customer.lastName].filter((p) => p.trim() !== '').join(' ');
}

/** What the CSR has decided during the call so far; the end-call sequence reads it. */
export interface CallDraft {
  result: string | null;
  followUp: string;
  /** 'YYYY-MM-DD HH:mm:ss', America/Chicago wall time. */
  callbackAt: string | null;
  serviceCallReason: string | null;
  /** This call's notes (csr_notes). */
  notes: string;
  /** Survey answers by question id. */
  survey: Record<number, string>;
  /** What is picked on the pricing tab: selections, discount flags and edits (the end of the call sends them). */
  pricing: PricingDraft;
}

export const EMPTY_DRAFT: CallDraft = {
  result: null,
  followUp: DEFAULT_FOLLOW_UP,
  callbackAt: null,
  serviceCallReason: null,
  notes: '',
  survey: {},
  pricing: EMPTY_PRICING_DRAFT,
};

/** Call results that ask for the service-call reason. */
export const SERVICE_CALL_RESULT = 'Service Call';

export const money = (value: number) =>
  value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
