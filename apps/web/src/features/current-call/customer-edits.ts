/** Customer edits: what the edit dialogs send, and how the screen applies one to a customer it keeps itself. */
import type { Customer, CustomerUpdateRequest } from '@cc/contract';
import { buildStreetAddress, isNorthAmericanPhone, phoneDigits } from '@cc/domain';
import { phoneText } from './model';

export const CUSTOMER_TYPES = ['Existing Customer', 'Former Customer', 'Prospect'] as const;

/** The fields a CSR edits; the version the edit was made on is the screen's to send (Customer.version). */
export type CustomerEdit = Required<{
  [K in Exclude<keyof CustomerUpdateRequest, 'version'>]-?: Exclude<CustomerUpdateRequest[K], undefined>;
}>;

/** As the server stores a phone: North American numbers as digits (shown formatted), others as typed. */
function phone(value: string): string {
  if (!isNorthAmericanPhone(value)) return value.trim();
  return phoneText(phoneDigits(value.replace(/\s*(x|ext\.?|extension)\s*\d+\s*$/i, '')));
}

/**
 * A new prospect or an unknown customer has no record to update yet: the screen applies the edit the
 * way the server would, and sends the result with the end of the call (EndCallRequest.customer).
 */
export function applyLocally(customer: Customer, edit: Partial<CustomerEdit>): Customer {
  const next: Customer = { ...customer };
  for (const [key, value] of Object.entries(edit) as [keyof CustomerEdit, unknown][]) {
    if (value === undefined) continue;
    switch (key) {
      case 'homePhone':
      case 'workPhone':
      case 'cellPhone':
        next[key] = phone(value as string);
        break;
      case 'state':
        next.state = (value as string).trim().toUpperCase();
        break;
      case 'lawnSize':
        next.lawnSize = Math.round((value as number) * 100) / 100;
        break;
      default:
        (next as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
    }
  }
  if (edit.streetNo !== undefined || edit.streetNm !== undefined || edit.preDir !== undefined) {
    next.address = buildStreetAddress(next) || next.address;
  }
  return next;
}
