/**
 * The calls of the end-call flow (call-handling.md §7): call history, callback status, orders and their
 * lines and coupons (orders service, header X-SessionId), the services sold on a call, the emails and the step log
 * (surveys: surveys.ts). Field names are the spec's where it names them.
 */
import { z } from './zod.js';
import { CALL_TYPES } from '@cc/domain';
import { CallTime, Id, IdParam, int4, int4Param, JsonObject, JsonValue, line, multiline } from './common.js';

/** Money in dollars with at most two decimals (stored as numeric(12,2)). */
export const Money = z
  .number()
  .min(0, 'cannot be negative')
  .max(9_999_999_999.99, 'is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimals');

const text = line;
const CallTypeName = z.enum(CALL_TYPES.map((t) => t.CallTypeName) as [string, ...string[]], {
  error: `must be one of ${CALL_TYPES.map((t) => t.CallTypeName).join(', ')}`,
});

// ---------------------------------------------------------------------------------------------------
// Call history (POST /api/call-center/call-history, PUT /api/currentcall/updateCallHistory)

/** The fields of the call history record (call-handling.md §3) a client may set. */
const CallHistoryFields = z.object({
  /** Ignored: the agent is the signed-in user's name, from the session (decision 021). */
  csagent: text(100),
  cust_type: text(40),
  cust_email: z.union([z.literal(''), z.email('must be a valid email address').max(200)]),
  call_reason: text(200),
  call_start: CallTime,
  call_end: CallTime,
  call_log: multiline(20_000),
  package: text(100),
  applications: z.number().int().min(0).max(100),
  appcost: Money,
  organic: z.boolean(),
  lawnsize: z.number().min(0, 'cannot be negative').max(1000),
  ownerfollowup: text(40),
  salestax: Money,
  /** The tax rate as a percent (7.25). */
  taxrate: z.number().min(0).max(100),
  zipcode: text(10),
  totalcost: Money,
  emailsent: z.boolean(),
  errormsg: multiline(2000),
  cust_usedcomp: text(100),
  call_source: text(40),
  cust_sex: text(10),
  prepaydiscount: Money,
  prepaysalestax: Money,
  prepaytotalcost: Money,
  call_direction: z.enum(['Incoming', 'Outgoing'], { error: 'must be Incoming or Outgoing' }),
  call_result: text(60),
  call_target: CallTime.nullable(),
  call_list: text(60),
  previous_lawn_care: text(100),
  /** 'None' or a currency value ('$20.00'). */
  coupon_used: z
    .string()
    .trim()
    .regex(/^(None|\$?\d{1,3}(,?\d{3})*(\.\d{2})?)$/, "must be 'None' or a currency value"),
  coupon: text(40),
  call_ahead_reason: text(200),
  call_ahead_contact: text(100),
  cust_HasIrrigationSystem: z.boolean(),
  cust_InterstedInPestControl: z.boolean(),
  cust_Autopaid: z.boolean(),
  cust_Prepaid: z.boolean(),
  sendemail: z.boolean(),
  csr_notes: multiline(4000),
  FirstAppTime: text(40),
  ApplicationsSubtotal: Money,
  AddServicesSubtotal: Money,
  MonthlySubTotal: Money,
  InitialPaymentSubTotal: Money,
  PrepayDiscountSubtotal: Money,
  PrepayDiscountTotal: Money,
  /** The text receipt (spelt as the spec spells it). */
  Reciept: multiline(20_000),
  /** -1 when no survey was taken. */
  SurveyId: int4(-1),
  IsUrgent: z.boolean(),
  /** The customer as the call saw it. */
  customer: JsonObject.nullable(),
  /** 0 when no offer was applied. */
  offerId: int4(0),
  orderId: Id.nullable(),
});

export const CallHistoryRequest = CallHistoryFields.partial().extend({
  csuser_id: Id.optional(),
  sqldbid: Id,
  /** 0 for a new prospect; -1 when unknown. */
  cust_no: int4(-1),
  call_type: CallTypeName,
  call_result: text(60).min(1, 'is required'),
  outboundId: Id.optional(),
  /** The phone system's id of the call (decision 075). */
  phoneCallId: line(100).min(1).optional(),
  /** A retry with the same key answers the first call_id and writes nothing. */
  idempotencyKey: line(100).min(8).optional(),
});
export type CallHistoryRequest = z.input<typeof CallHistoryRequest>;
export const CallHistoryResponse = z.object({ call_id: z.number().int() });

export const UpdateCallHistoryRequest = CallHistoryFields.partial().extend({ call_id: Id });
export type UpdateCallHistoryRequest = z.input<typeof UpdateCallHistoryRequest>;

// ---------------------------------------------------------------------------------------------------
// Callback status (POST /api/call-center/callback-status)

export const CallbackStatusRequest = z.object({
  outboundId: Id,
  /** When to call back, America/Chicago: within the branch's calling hours (checked by the server). */
  callBackDate: CallTime,
});
export const CallbackStatusResponse = z.object({
  outboundId: z.number().int(),
  callStatus: z.string(),
  callBackDate: z.string(),
  callAttempts: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------
// Orders

export const ORDER_TYPES = ['LCP', 'UPSELL', 'NORMAL'] as const;
export const ORDER_STATUSES = ['SUBMITTED', 'PENDING', 'EXPIRED'] as const;
const OrderType = z.enum(ORDER_TYPES, { error: 'must be LCP, UPSELL or NORMAL' });
const OrderStatus = z.enum(ORDER_STATUSES, { error: 'must be SUBMITTED, PENDING or EXPIRED' });
const Source = text(40).min(1, 'is required');
const Ndc = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, 'must be 1 to 20 letters, digits or dashes');

export const OrderLine = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  serviceDefId: z.number().int(),
  serviceName: z.string(),
  rounds: z.number().int(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  extendedPrice: z.number(),
  unitPriceSold: z.number(),
  extendedPriceSold: z.number(),
  installment: z.boolean(),
  remainMonths: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderDiscount = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  couponCode: z.string(),
  amount: z.number(),
});

/** The order (call-handling.md §3) with its lines and discounts. */
export const Order = z.object({
  id: z.number().int(),
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  branchNo: z.string(),
  callId: z.number().int().nullable(),
  serviceYear: z.number().int(),
  isPrepay: z.boolean(),
  ndc: z.string(),
  orderType: z.string(),
  orderStatus: z.string(),
  isAutopay: z.boolean(),
  subTotal: z.number(),
  tax: z.number(),
  total: z.number(),
  source: z.string(),
  title: z.string(),
  sessionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lines: z.array(OrderLine),
  discounts: z.array(OrderDiscount),
});
export type Order = z.infer<typeof Order>;

const OrderFields = z.object({
  isPrepay: z.boolean(),
  ndc: z.union([z.literal(''), Ndc]),
  orderType: OrderType,
  orderStatus: OrderStatus,
  isAutopay: z.boolean(),
  subTotal: Money,
  tax: Money,
  total: Money,
  source: Source,
  title: text(200),
});

export const CreateOrderRequest = OrderFields.partial({ ndc: true, source: true, title: true, isAutopay: true }).extend(
  {
    sqldbid: Id,
    customerNo: int4(0),
    /** The call the order comes from; a call has at most one order (a retry answers it). */
    callId: Id.nullable().optional(),
    serviceYear: z.number().int().min(2000).max(2100).optional(),
    orderStatus: z.enum(['SUBMITTED', 'PENDING'], { error: 'must be SUBMITTED or PENDING' }),
  },
);
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const UpdateOrderRequest = OrderFields.partial().extend({ id: Id });
export type UpdateOrderRequest = z.input<typeof UpdateOrderRequest>;

export const OrderIdParams = z.object({ orderId: IdParam });
export const OrderPathParams = z.object({ id: IdParam });
export const OrderLineParams = OrderPathParams.extend({ itemId: IdParam });
export const OrderNdcParams = OrderPathParams.extend({ ndc: Ndc });
export const OrderCouponParams = OrderPathParams.extend({
  couponCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, dashes or underscores'),
});

const LineFields = z.object({
  serviceDefId: Id,
  serviceName: text(200),
  rounds: z.number().int().min(0).max(100),
  unitPrice: Money,
  quantity: z.number().int().min(0).max(1000),
  extendedPrice: Money,
  unitPriceSold: Money,
  extendedPriceSold: Money,
  installment: z.boolean(),
  remainMonths: z.number().int().min(0).max(12),
});
export const CreateOrderLineRequest = LineFields.partial({
  serviceName: true,
  rounds: true,
  installment: true,
  remainMonths: true,
});
export type CreateOrderLineRequest = z.input<typeof CreateOrderLineRequest>;
export const UpdateOrderLineRequest = LineFields.partial().extend({ id: Id });
export type UpdateOrderLineRequest = z.input<typeof UpdateOrderLineRequest>;

/**
 * A coupon's discount is what the franchise's coupon gives on the order's lines, priced by the server.
 * The call takes no body (a missing one is fine); an amount sent is refused, naming it, rather than ignored, so no
 * client believes its amount was taken.
 */
export const OrderCouponRequest = z
  .object({
    amount: z
      .undefined({ error: "is not taken: the discount is what the coupon gives on the order's lines" })
      .optional(),
  })
  .nullish();

/**
 * A JSON Patch (RFC 6902) body limited to `replace` on the given paths, each with its value schema.
 * Anything else is refused naming the operation's field (`0.op`, `1.path`, `0.value`).
 */
function replacePatch<P extends Record<string, z.ZodType>>(paths: P) {
  const names = Object.keys(paths);
  const allowed = names.join(', ');
  const Operation = z.object(
    { op: line(20), path: line(100), value: z.unknown().optional() },
    { error: 'must be an object' },
  );
  return z
    .array(Operation, { error: 'must be a JSON Patch array' })
    .min(1, 'must hold at least one operation')
    .max(names.length, `may replace each of ${allowed} once`)
    .superRefine((ops, ctx) => {
      const seen = new Set<string>();
      ops.forEach((op, i) => {
        if (op.op !== 'replace') {
          ctx.addIssue({ code: 'custom', path: [i, 'op'], message: `only replace is allowed, not '${op.op}'` });
          return;
        }
        const schema = paths[op.path];
        if (!schema) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'path'],
            message: `'${op.path}' may not be patched (only ${allowed})`,
          });
          return;
        }
        if (seen.has(op.path)) {
          ctx.addIssue({ code: 'custom', path: [i, 'path'], message: `'${op.path}' is replaced twice` });
          return;
        }
        seen.add(op.path);
        const parsed = schema.safeParse(op.value);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'value'],
            message: `${op.path} ${parsed.error.issues[0]?.message ?? 'is invalid'}`,
          });
        }
      });
    })
    .transform((ops) => ops.map((op) => ({ op: 'replace' as const, path: op.path, value: op.value })));
}

export const OrderPatchRequest = replacePatch({
  '/source': z.literal('Call Center', { error: "must be 'Call Center'" }),
  '/IsAutopay': z.boolean({ error: 'must be true or false' }),
});
export type OrderPatchRequest = z.input<typeof OrderPatchRequest>;

export const OrderLinePatchRequest = replacePatch({
  '/unitPrice': Money,
  '/quantity': z.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(1000),
  '/extendedPrice': Money,
  '/unitPriceSold': Money,
  '/extendedPriceSold': Money,
});
export type OrderLinePatchRequest = z.input<typeof OrderLinePatchRequest>;

export const UpdateSourceRequest = z.object({ orderId: Id, source: Source });
export const NdcCodeRequest = z.object({ orderId: Id, ndc: Ndc });

export const CustomerOrderParams = z.object({
  sqldbid: IdParam,
  customerno: int4Param(0),
});
export const CustomerOrderResponse = z.object({ order: Order.nullable() });

export const OrderSessionResponse = z.object({ sessionId: z.string(), expiresAt: z.string() });

// ---------------------------------------------------------------------------------------------------
// Services, programs, discount and coupon of a call (POST /api/CurrentCall/CustomerHistoryAdditionalServices)

export const CallServiceItem = z.object({
  Id: int4().optional(),
  ServiceDefId: Id,
  ServiceName: text(200),
  FinalPrice: Money,
  TotalRounds: z.number().int().min(0).max(100).optional(),
  Free: z.boolean().optional(),
});
export const CustomerHistoryServicesRequest = z.object({
  callId: Id,
  AdditionalServices: z.array(CallServiceItem).max(100).default([]),
  /** The call's discount in dollars. */
  Discount: Money.nullable().optional(),
  PestProgram: CallServiceItem.nullable().optional(),
  LawnProgram: CallServiceItem.nullable().optional(),
  Coupon: z
    .object({
      CouponCode: line(40).min(1, 'is required'),
      Value: Money,
      ServiceId: int4().optional(),
    })
    .nullable()
    .optional(),
});
export type CustomerHistoryServicesRequest = z.input<typeof CustomerHistoryServicesRequest>;
export const CustomerHistoryServicesResponse = z.object({ callId: z.number().int(), saved: z.number().int() });

// ---------------------------------------------------------------------------------------------------
// Emails

export const CallIdRequest = z.object({ callId: Id });
export const QueuedEmailResponse = z.object({
  queued: z.boolean(),
  emailId: z.number().int().nullable(),
  status: z.string().nullable(),
  /** Why nothing was queued. */
  reason: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------------
// Step log (POST /api/currentcall/stepDebug)

export const StepDebugRequest = z.object({
  stepId: z.number().int().min(0).max(1000),
  SQLDBID: Id,
  CustNo: int4(-1).nullable().optional(),
  OrderId: Id.nullable().optional(),
  OrderItemId: Id.nullable().optional(),
  Call_id: Id.nullable().optional(),
  SessionId: line(100).nullable().optional(),
  /** Text or any JSON value (stored as JSON text). */
  ParametersData: JsonValue.optional(),
  Status: text(40).optional(),
  Log: multiline(20_000).optional(),
});
export const StepDebugResponse = z.object({ id: z.number().int() });
