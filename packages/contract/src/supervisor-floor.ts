/**
 * The supervisor's view of the floor (decision 035): one snapshot, read by GET and pushed by the
 * Server-Sent Events stream as its `snapshot` events. Times are instants (ISO 8601); days and hours are the call
 * centre's (America/Chicago).
 */
import { z } from './zod.js';
import { AgentStateName } from './agent-states.js';

/** Listed rows of one outbound list (call type) of one branch. */
export const FloorListCount = z.object({ branchNo: z.string(), type: z.string(), n: z.number().int() });

/** A call a CSR has open right now (its lock is held). */
export const FloorOpenCall = z.object({
  userId: z.number().int(),
  csr: z.string(),
  sqldbid: z.number().int(),
  customerNo: z.number().int(),
  /** Empty for a new prospect (0) or an unknown customer (-1). */
  customer: z.string(),
  branchNo: z.string(),
  callType: z.string(),
  since: z.string(),
});

/** Ended calls of one period: how many, the sales among them, sales per call (0-1) and the average length. */
export const FloorTally = z.object({
  calls: z.number().int(),
  sales: z.number().int(),
  conversion: z.number(),
  /** Seconds from call start to call end, over the calls that have both; null without any. */
  averageSeconds: z.number().nullable(),
});
export type FloorTally = z.infer<typeof FloorTally>;

export const FloorCsr = z.object({
  /** The CSR as a user; null when only history that names its agent (imported, demo) has the name. */
  userId: z.number().int().nullable(),
  csr: z.string(),
  today: FloorTally,
  week: FloorTally,
});

/** A signed-in CSR's agent state (decision 076): since when, with the away reason's description (else empty). */
export const FloorAgent = z.object({
  userId: z.number().int(),
  csr: z.string(),
  state: AgentStateName,
  reason: z.string(),
  since: z.string(),
  /** When a Wrap-up turns into Ready; null in every other state. */
  wrapUpUntil: z.string().nullable(),
});
export type FloorAgent = z.infer<typeof FloorAgent>;

export const FloorHour = z.object({
  hour: z.number().int().min(0).max(23),
  calls: z.number().int(),
  sales: z.number().int(),
});

export const FloorSnapshot = z.object({
  /** When the numbers were read. */
  asOf: z.string(),
  today: z.string(),
  weekStart: z.string(),
  lists: z.array(FloorListCount),
  openCalls: z.array(FloorOpenCall),
  csrs: z.array(FloorCsr),
  /** The agent state of every CSR signed in within the scope, by name. */
  agents: z.array(FloorAgent),
  /** Today's ended calls and sales per hour, 24 rows. */
  hours: z.array(FloorHour),
});
export type FloorSnapshot = z.infer<typeof FloorSnapshot>;

/** A single-use credential for one stream: EventSource cannot send the bearer header (decision 035). */
export const FloorStreamTicket = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type FloorStreamTicket = z.infer<typeof FloorStreamTicket>;

export const FloorStreamQuery = z.object({
  ticket: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{20,200}$/, 'is not a stream ticket'),
});

/** The stream is text/event-stream: `snapshot` events whose data is a FloorSnapshot, and heartbeat comments. */
export const FloorStream = z.string();
