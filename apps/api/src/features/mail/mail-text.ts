/**
 * The texts of the mail worker (mail-worker.ts): errors and refusals as recorded in the outbox row, log lines without
 * addresses, and what earlier attempts settled for good, read back from the row (decision 058).
 */
import type { ClaimedRow } from './mail-lease.js';
import type { RefusedRecipient } from './transport.js';

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** Addresses in log lines are personal data: the outbox row keeps them, the log says how many. */
export function maskAddresses(text: string): string {
  return text.replace(/[^\s<>"',;:()]+@[^\s<>"',;:()]+/g, '<address>');
}

export const lower = (address: string) => address.toLowerCase();
export const listOf = (field: string) => (field === '' ? [] : field.split(', '));

/** One line per refusal, so a later attempt finds the lines of the refusals it keeps by their address. */
export function refusalLine(r: RefusedRecipient): string {
  return `${r.address} refused: ${r.reply.replace(/\s*\r?\n\s*/g, ' ')}`;
}

/** What earlier attempts settled for good: the recipients refused with 5xx, and the lines of their replies. */
export interface Settled {
  refused: string[];
  reasons: string[];
}

export function settledOf(row: ClaimedRow): Settled {
  const refused = listOf(row.refused_to);
  const prefixes = refused.map((a) => `${lower(a)} refused: `);
  const reasons = (row.last_error ?? '').split('\n').filter((line) => prefixes.some((p) => lower(line).startsWith(p)));
  return { refused, reasons };
}

export function senderDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'callcentre.local';
}
