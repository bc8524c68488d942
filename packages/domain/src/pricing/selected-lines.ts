/**
 * The quote's lines for what is selected: the lawn program, the additional services in the order picked and the
 * pest program, each priced at list with the problems that leave an item out.
 */
import { type BillDay, type CalendarDay, PEST_BILL_DAY, remainingRounds } from './calendar.js';
import { PricingInputError, assertCents } from './money.js';
import { type LawnProgramKind, PEST_INITIAL_SERVICE_ID } from './sale-rules.js';
import {
  type AdditionalService,
  BillingFrequency,
  type LawnProgram,
  type PestProgram,
  type PricingData,
  type PricingProblem,
  type PriceEdits,
  type Quote,
  type QuoteInput,
} from './types.js';
import { type Work, makeLine } from './work-line.js';

/** What the lines of a quote are priced with. */
export interface LineContext {
  data: PricingData;
  selections: QuoteInput['selections'];
  edits: PriceEdits;
  today: CalendarDay;
  serviceYear: number;
  months: number;
  monthlyPayment: boolean;
  otherBillDay: BillDay;
  problems: PricingProblem[];
}

/** The lawn program: its line (none when no rounds are left) and its rounds. */
export function lawnSale(ctx: LineContext): {
  lawn: LawnProgram | null;
  lawnLine: Work | null;
  rounds: Quote['rounds'];
} {
  const { data, selections, edits, today, serviceYear, monthlyPayment, otherBillDay, problems } = ctx;
  const franchise = data.franchise;
  let lawn: LawnProgram | null = null;
  let lawnLine: Work | null = null;
  let rounds: Quote['rounds'] = null;
  if (selections.lawnProgramId !== null && selections.lawnProgramId !== undefined) {
    lawn = data.lawnPrograms.find((p) => p.Id === selections.lawnProgramId) ?? null;
    if (!lawn) {
      problems.push({
        code: 'UNKNOWN_LAWN_PROGRAM',
        severity: 'error',
        message: `Lawn program ${selections.lawnProgramId} is not in the pricing data.`,
        ref: selections.lawnProgramId,
      });
    } else {
      let unitPrice = assertCents(lawn.FinalPrice, `${lawn.ServiceName} FinalPrice`);
      if (edits.lawnPrice !== null && edits.lawnPrice !== undefined) {
        if (wholeInRange(edits.lawnPrice, 0, Number.MAX_SAFE_INTEGER)) unitPrice = edits.lawnPrice;
        else problems.push(invalidEdit('The lawn-care price must be a whole, non-negative number of cents.'));
      }
      const total = lawn.TotalRounds;
      if (!wholeInRange(total, 0, 1000)) throw new PricingInputError(`${lawn.ServiceName} TotalRounds is invalid.`);
      let remaining: number;
      if (lawn.RemainRounds !== null && lawn.RemainRounds !== undefined) {
        if (!wholeInRange(lawn.RemainRounds, 0, 1000)) {
          throw new PricingInputError(`${lawn.ServiceName} RemainRounds is invalid.`);
        }
        remaining = lawn.RemainRounds;
      } else {
        remaining = remainingRounds({
          totalRounds: total,
          firstAppTime: franchise.FirstAppTime,
          date: today,
          serviceYear,
        });
      }
      let sold = remaining;
      if (edits.roundCount !== null && edits.roundCount !== undefined) {
        if (wholeInRange(edits.roundCount, 1, total)) sold = edits.roundCount;
        else problems.push(invalidEdit(`The round count must be a whole number from 1 to ${total}.`));
      }
      rounds = { total, remaining, sold };
      if (sold === 0) {
        problems.push({
          code: 'NO_ROUNDS_LEFT',
          severity: 'warning',
          message: `No rounds of the ${lawn.ServiceName} are left in the ${serviceYear} season.`,
          ref: lawn.Id,
        });
      } else {
        lawnLine = makeLine('lawn', lawn, unitPrice, sold, BillingFrequency.OneTime, otherBillDay);
        lawnLine.callEligible = true;
        lawnLine.prepayEligible = true;
        lawnLine.installment = monthlyPayment;
      }
    }
  }
  return { lawn, lawnLine, rounds };
}

/** Additional services, in the order picked. */
export function additionalSale(
  ctx: LineContext,
  lawn: LawnProgram | null,
  lawnKind: LawnProgramKind | null,
): { additional: Work[]; glTaken: Map<string, AdditionalService>; bundled: readonly number[] | null } {
  const { data, selections, months, monthlyPayment, otherBillDay, problems } = ctx;
  const additional: Work[] = [];
  const glTaken = new Map<string, AdditionalService>();
  const bundled = lawn?.bundledServices ?? null;
  const picked = selections.additionalServiceIds ?? [];
  for (let i = 0; i < picked.length; i++) {
    const id = picked[i] as number;
    if (picked.indexOf(id) !== i) continue;
    const svc = data.additionalServices.find((s) => s.Id === id);
    if (!svc) {
      problems.push({
        code: 'UNKNOWN_SERVICE',
        severity: 'error',
        message: `Additional service ${String(id)} is not in the pricing data.`,
        ref: id,
      });
      continue;
    }
    if (svc.ServiceDefId === PEST_INITIAL_SERVICE_ID) {
      problems.push({
        code: 'NOT_SELECTABLE',
        severity: 'warning',
        message: `${svc.ServiceName} is the pest initial payment: it comes with a pest program.`,
        ref: svc.Id,
      });
      continue;
    }
    if (bundled?.includes(svc.Id)) {
      problems.push({
        code: 'SERVICE_BUNDLED',
        severity: 'warning',
        message: `${svc.ServiceName} is included in the ${lawn?.ServiceName ?? 'lawn program'}.`,
        ref: svc.Id,
      });
      continue;
    }
    if (svc.bundleOnly && !lawn) {
      problems.push({
        code: 'BUNDLE_ONLY',
        severity: 'warning',
        message: `${svc.ServiceName} is sold only with a lawn program.`,
        ref: svc.Id,
      });
      continue;
    }
    const gl = svc.gl_account ?? null;
    const holder = gl ? glTaken.get(gl) : undefined;
    if (holder) {
      problems.push({
        code: 'SERVICE_BLOCKED',
        severity: 'warning',
        message: `${svc.ServiceName} is blocked: ${holder.ServiceName} on the same account is already picked.`,
        ref: svc.Id,
      });
      continue;
    }
    if (gl) glTaken.set(gl, svc);
    const price = assertCents(svc.FinalPrice, `${svc.ServiceName} FinalPrice`);
    const monthlyService = svc.fk_BillingFrequencyID === BillingFrequency.Monthly;
    const line = makeLine(
      'additional',
      svc,
      price,
      monthlyService ? months : 1,
      monthlyService ? BillingFrequency.Monthly : BillingFrequency.OneTime,
      otherBillDay,
    );
    line.callEligible = lawnKind === 'preferred';
    line.prepayEligible = !monthlyService;
    line.installment = monthlyService || monthlyPayment;
    additional.push(line);
  }
  return { additional, glTaken, bundled };
}

/** Pest program: the initial payment (service 45) and the monthly line. */
export function pestSale(ctx: LineContext): {
  pest: PestProgram | null;
  pestInitial: Work | null;
  pestMonthly: Work | null;
} {
  const { data, selections, months, problems } = ctx;
  let pest: PestProgram | null = null;
  let pestInitial: Work | null = null;
  let pestMonthly: Work | null = null;
  if (selections.pestProgramId !== null && selections.pestProgramId !== undefined) {
    pest = data.pestPrograms.find((p) => p.Id === selections.pestProgramId) ?? null;
    if (!pest) {
      problems.push({
        code: 'UNKNOWN_PEST_PROGRAM',
        severity: 'error',
        message: `Pest program ${selections.pestProgramId} is not in the pricing data.`,
        ref: selections.pestProgramId,
      });
    } else {
      const initial = assertCents(pest.InitialPayment, `${pest.ServiceName} InitialPayment`);
      const monthly = assertCents(pest.FinalPrice, `${pest.ServiceName} FinalPrice`);
      pestInitial = makeLine('pestInitial', pest, initial, 1, BillingFrequency.OneTime, PEST_BILL_DAY);
      pestMonthly = makeLine('pestMonthly', pest, monthly, months, BillingFrequency.Monthly, PEST_BILL_DAY);
      pestMonthly.installment = true;
    }
  }
  return { pest, pestInitial, pestMonthly };
}

export function invalidEdit(message: string): PricingProblem {
  return { code: 'INVALID_EDIT', severity: 'warning', message };
}

function wholeInRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
