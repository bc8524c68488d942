/** Checks of the values a grid query carries: dates, a cursor's keys, and literals as a message writes them. */
import type { Literal } from './odata.js';

/** The types of a grid's fields and of its cursor's keys. */
export type FieldType = 'text' | 'integer' | 'number' | 'boolean' | 'datetime';

/** Is `day` (YYYY-MM-DD) a day of the calendar, in a year PostgreSQL has (there is no year 0)? */
export function isRealDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && !day.startsWith('0000');
}

/** A timestamptz as PostgreSQL writes it as text ('2026-11-26 09:15:00.123456-06'). */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,6})?([+-]\d{2})(:?\d{2})?$/;

/** Could a cursor's value be read back as the part's type (else PostgreSQL would fail the cast: a 500)? */
export function validKey(type: FieldType, raw: string): boolean {
  switch (type) {
    case 'text':
      return true;
    case 'integer':
      return /^-?\d{1,10}$/.test(raw) && Math.abs(Number(raw)) <= 2147483647;
    case 'number':
      return /^-?\d{1,20}(\.\d{1,10})?$/.test(raw);
    case 'boolean':
      return raw === 'true' || raw === 'false';
    case 'datetime': {
      const m = TIMESTAMP.exec(raw);
      if (!m || !isRealDate(m[1]!)) return false;
      const [h, min, sec] = m[2]!.split(':').map(Number);
      return h! < 24 && min! < 60 && sec! < 60;
    }
  }
}

export function literalText(literal: Literal): string {
  switch (literal.type) {
    case 'string':
      return `'${literal.value.replaceAll("'", "''")}'`;
    case 'number':
      return literal.text;
    default:
      return String(literal.value);
  }
}
