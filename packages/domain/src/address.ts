/** Address, zip and phone formatting (call-handling.md §3, §5). Pure, shared by server and screen. */

export interface StreetAddressParts {
  preDir?: string | null;
  streetNo?: string | null;
  streetNm?: string | null;
  suffix?: string | null;
  postDir?: string | null;
}

const part = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/** The street address built from its parts: "123 N Main St W". Empty parts are left out. */
export function buildStreetAddress(parts: StreetAddressParts): string {
  return [parts.streetNo, parts.preDir, parts.streetNm, parts.suffix, parts.postDir]
    .map(part)
    .filter((p) => p !== '')
    .join(' ');
}

/** One line: "123 N Main St, Naperville, IL 60540". */
export function buildFullAddress(address: string, city: string, state: string, zip: string): string {
  const cityState = [part(city), [part(state), part(zip)].filter((p) => p !== '').join(' ')]
    .filter((p) => p !== '')
    .join(', ');
  return [part(address), cityState].filter((p) => p !== '').join(', ');
}

/** Nine-digit zips display as 5-4; anything else as given. */
export function displayZip(zip: string): string {
  const digits = zip.replace(/\D/g, '');
  return digits.length === 9 && /^\d{5}-?\d{4}$/.test(zip.trim())
    ? `${digits.slice(0, 5)}-${digits.slice(5)}`
    : zip.trim();
}

/** Zips are cut to 5 digits for payment links. */
export function zip5(zip: string): string {
  return zip.replace(/\D/g, '').slice(0, 5);
}

/** The digits of a phone number typed in any format, without a leading country code 1. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (312) 555-1234 for ten digits; anything else unchanged. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}
