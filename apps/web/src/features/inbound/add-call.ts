/**
 * The add-call dialog's rules apart from its form: what must be filled in, the order of the checks on submit and
 * the new prospect's call row.
 */
import type { FranchiseSummary, InboundRow } from '@cc/contract';

const ZIP = /^\d{5}(-?\d{4})?$/;

export interface AddCallFields {
  franchise: FranchiseSummary | null;
  firstName: string;
  lastName: string;
  phone: string;
  zip: string;
}

export interface AddCallErrors {
  franchise?: string;
  zip?: string;
}

/** What is missing or wrong before the zip can be checked with the franchise; empty when nothing is. */
export function addCallErrors(fields: Pick<AddCallFields, 'franchise' | 'zip'>): AddCallErrors {
  const errors: AddCallErrors = {};
  if (!fields.franchise) errors.franchise = 'Choose a franchise from the list.';
  if (!ZIP.test(fields.zip.trim())) errors.zip = 'Enter a 5-digit zip code.';
  return errors;
}

/** The call row of a new prospect (customer number 0) of the franchise, named as the search rows name people. */
export function prospectCallRow(franchise: FranchiseSummary, fields: Omit<AddCallFields, 'franchise'>): InboundRow {
  const first = fields.firstName.trim();
  const last = fields.lastName.trim();
  return {
    Branch: franchise.branchNo,
    AccountNo: 0,
    Name: first && last ? `${last}, ${first}` : last || first,
    FirstName: first,
    LastName: last,
    Address: '',
    City: '',
    State: '',
    Zip: fields.zip.trim(),
    Phone: fields.phone.trim(),
    SQLDBID: franchise.sqldbid,
    CallOrigin: 'Inbound',
    CustomerType: 'Prospect',
  };
}

export interface AddCallSteps {
  /** Shows the field errors; called first on every submit, so a fixed field loses its error. */
  showErrors: (errors: AddCallErrors) => void;
  /** Asks whether the franchise serves the zip; null when the question failed (the form shows why). */
  checkZip: (zip: string, branchNo: string) => Promise<{ isValid: boolean } | null>;
  onZipNotServiced: () => void;
  onAdd: (theCall: InboundRow) => void;
}

/** Submitting the form: the fields, then whether the franchise serves the zip, then the new call. */
export async function submitAddCall(fields: AddCallFields, steps: AddCallSteps): Promise<void> {
  const errors = addCallErrors(fields);
  steps.showErrors(errors);
  const { franchise } = fields;
  if (!franchise || errors.zip) return;
  const answer = await steps.checkZip(fields.zip.trim(), franchise.branchNo);
  if (!answer) return;
  if (!answer.isValid) {
    steps.onZipNotServiced();
    return;
  }
  steps.onAdd(prospectCallRow(franchise, fields));
}
