/**
 * The call's working state as the server keeps it (docs/decisions/023-call-working-state.md):
 * what the screen sends and how it takes back what it restored.
 */
import type { CallWorkStateInput, StoredCallWorkState } from '@cc/contract';
import { EMPTY_PRICING_DRAFT } from '../pricing';
import type { CustomerEdit } from './customer-edits';
import { EMPTY_DRAFT, type CallDraft, type TheCall } from './model';

/** What the screen restores and saves. */
export interface CallWork {
  draft: CallDraft;
  /** When the call was opened, 'YYYY-MM-DD HH:mm:ss' America/Chicago (the call history's call_start). */
  callStart: string;
  /** A new prospect's or unknown customer's edits, applied to the customer on screen. */
  customerEdits: Partial<CustomerEdit> | null;
  /** The latest customer edit recorded during the call (a stored customer). */
  infoEditId: number | null;
  /**
   * The phone system's id of the call a screen pop opened: kept with the work, so a call saved and resumed ends with
   * it (docs/decisions/081-phone-lines-extensions-live-state.md).
   */
  phoneCallId: string | null;
}

export const freshWork = (callStart: string, phoneCallId: string | null = null): CallWork => ({
  draft: EMPTY_DRAFT,
  callStart,
  customerEdits: null,
  infoEditId: null,
  phoneCallId,
});

/** JSON with the keys of every object sorted: the same row gives the same text, whatever order jsonb kept. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Which call of a new prospect (0) or an unknown customer (-1) this is: a short hash of the row it was opened with
 * (FNV-1a, 32 bits, twice with different seeds). Empty for a stored customer, whose number names the call.
 */
export function callRowOf(customerNo: number, theCall: TheCall | null): string {
  if (customerNo > 0 || !theCall) return '';
  const text = stableJson(theCall);
  const hash = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return hash(0x811c9dc5) + hash(0x050c5d1f);
}

/** The state as the server takes it. */
export function stateOf(work: CallWork, customerNo: number): CallWorkStateInput {
  const { draft } = work;
  return {
    callStart: work.callStart,
    result: draft.result,
    followUp: draft.followUp,
    callbackAt: draft.callbackAt,
    serviceCallReason: draft.serviceCallReason,
    notes: draft.notes,
    survey: Object.fromEntries(Object.entries(draft.survey).map(([k, v]) => [k, v])),
    pricing: {
      serviceYear: draft.pricing.serviceYear,
      selections: {
        ...draft.pricing.selections,
        additionalServiceIds: [...draft.pricing.selections.additionalServiceIds],
      },
      flags: draft.pricing.flags,
      edits: draft.pricing.edits,
    },
    customerEdits: customerNo <= 0 ? work.customerEdits : null,
    customerInfoEditId: work.infoEditId,
    phoneCallId: work.phoneCallId,
  };
}

/**
 * The screen's work from a stored state. A screen pop that opened the screen names the phone call now in hand, which
 * wins over the one kept; a call resumed from the dashboard has none and keeps the one kept.
 */
export function workOf(
  stored: StoredCallWorkState,
  fallbackStart: string,
  routedPhoneCallId: string | null = null,
): CallWork {
  const s = stored.state;
  return {
    draft: {
      result: s.result,
      followUp: s.followUp,
      callbackAt: s.callbackAt,
      serviceCallReason: s.serviceCallReason,
      notes: s.notes,
      survey: Object.fromEntries(Object.entries(s.survey).map(([k, v]) => [Number(k), v])),
      pricing: {
        ...EMPTY_PRICING_DRAFT,
        serviceYear: s.pricing.serviceYear,
        selections: s.pricing.selections,
        flags: s.pricing.flags,
        edits: s.pricing.edits,
      },
    },
    callStart: s.callStart ?? fallbackStart,
    customerEdits: s.customerEdits,
    infoEditId: s.customerInfoEditId,
    phoneCallId: routedPhoneCallId ?? s.phoneCallId,
  };
}

/** A stored state belongs to this call: the same call type and (0 / -1) the same call row. */
export const belongsTo = (stored: StoredCallWorkState, callType: string, callRow: string) =>
  stored.callType === callType && stored.callRow === callRow;
