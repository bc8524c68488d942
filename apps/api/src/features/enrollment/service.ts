/**
 * POST /api/GetUCMS (call-handling.md §7; decision 027): the customer-management service asks, with its API key,
 * which enrollment applies to a franchise: its main branch, whether it takes autopay and monthly installments.
 */
import { franchiseBranches, mainBranchFirst } from '../../db/main-branch.js';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { GetUcmsResponse } from '@cc/contract';
import type { AppContext } from '../../context.js';
import { franchiseBillingPayments, franchises } from '../../db/schema/index.js';
import { notFound, unauthenticated } from '../../http/errors.js';
import { MONTHLY_BILLING_APP_TYPE, MONTHLY_PAYMENT_ID } from '../pricing/index.js';

export const API_KEY_REFUSED = 'apiKey: is not the key of the customer-management service.';

/** Compares digests, so the time taken says nothing about how much of the key was right. */
function sameKey(given: string, expected: string | undefined): boolean {
  if (expected === undefined) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

export async function getUcms(ctx: AppContext, input: { apiKey: string; sqldbid: number }): Promise<GetUcmsResponse> {
  if (!sameKey(input.apiKey, ctx.config.enrollmentApiKey)) throw unauthenticated(API_KEY_REFUSED);
  const [branch] = await ctx.db
    .select({
      branchNo: franchises.branchNo,
      compName: franchises.compName,
      designation: franchises.designation,
      active: franchises.active,
      autoPayEnrolled: franchises.autoPayEnrolled,
    })
    .from(franchises)
    .where(franchiseBranches(input.sqldbid))
    .orderBy(...mainBranchFirst)
    .limit(1);
  if (!branch) throw notFound('Franchise not found.');
  const [monthly] = await ctx.db
    .select({ enabled: franchiseBillingPayments.enabled })
    .from(franchiseBillingPayments)
    .where(
      and(
        eq(franchiseBillingPayments.sqldbid, input.sqldbid),
        eq(franchiseBillingPayments.billingAppTypeId, MONTHLY_BILLING_APP_TYPE),
        eq(franchiseBillingPayments.paymentId, MONTHLY_PAYMENT_ID),
      ),
    );
  return { sqldbid: input.sqldbid, ...branch, monthlyPayment: monthly?.enabled ?? false };
}
