/**
 * The enrollment call (call-handling.md §7 "Enrollment: POST /api/GetUCMS (apiKey, sqldbid)"; administration.md
 * §7): the customer-management (payment and autopay) service asks which enrollment applies to a franchise. Its
 * credential is the service's API key in the body, not a user's session (decision 027).
 */
import { ACCESS } from '@cc/domain';
import { z } from './zod.js';
import { Id } from './common.js';
import type { RouteDef } from './route-def.js';

export const GetUcmsRequest = z.object({
  apiKey: z.string().min(1, 'is required').max(200, 'must be at most 200 characters'),
  sqldbid: Id,
});
export type GetUcmsRequest = z.input<typeof GetUcmsRequest>;

export const GetUcmsResponse = z.object({
  sqldbid: z.number().int(),
  /** The franchise's main branch. */
  branchNo: z.string(),
  compName: z.string(),
  designation: z.enum(['IND', 'COF']),
  active: z.boolean(),
  /** The franchise takes autopay (isFranchiseAutoPayEnrolled). */
  autoPayEnrolled: z.boolean(),
  /** The franchise takes monthly installments (billing application 1, payment 4). */
  monthlyPayment: z.boolean(),
});
export type GetUcmsResponse = z.infer<typeof GetUcmsResponse>;

export const enrollmentRoutes = {
  /** Public to the session guard: the API key in the body is the credential, checked by the handler. */
  getUcms: {
    method: 'POST',
    path: '/api/GetUCMS',
    access: ACCESS.public,
    body: GetUcmsRequest,
    response: GetUcmsResponse,
  },
} as const satisfies Record<string, RouteDef>;
