/**
 * Agent states (decision 076): a CSR's own state, read and changed from the header, the away reasons to pick from,
 * and the administrators' list of those reasons.
 */
import { AGENT_STATES } from '@cc/domain';
import { z } from './zod.js';
import { Id, IdParam, line } from './common.js';

export const AgentStateName = z.enum(AGENT_STATES);

/** A state as of `asOf`: since when, its away reason, and when a Wrap-up turns into Ready. */
export const AgentState = z.object({
  state: AgentStateName,
  reasonId: z.number().int().nullable(),
  /** The away reason's description; empty in every other state. */
  reason: z.string(),
  /** Null for a user who never had a state (Offline). */
  since: z.string().nullable(),
  wrapUpUntil: z.string().nullable(),
  asOf: z.string(),
});
export type AgentState = z.infer<typeof AgentState>;

/** The CSR's own choice: Ready, or Away with one of the offered reasons. */
export const AgentStateChoice = z.discriminatedUnion(
  'state',
  [z.object({ state: z.literal('Ready') }), z.object({ state: z.literal('Away'), reasonId: Id })],
  { error: 'must be Ready, or Away with a reasonId' },
);
export type AgentStateChoice = z.infer<typeof AgentStateChoice>;

export const AwayReason = z.object({
  AwayReasonId: z.number().int(),
  Description: z.string(),
  Active: z.boolean(),
  SortOrder: z.number().int(),
});
export type AwayReason = z.infer<typeof AwayReason>;
export const AwayReasonsResponse = z.array(AwayReason);

/** Adding or editing an away reason (administrators); a retired reason (Active false) is no longer offered. */
export const AwayReasonSave = z.object({
  Description: line(100).min(1, 'Description is required.'),
  Active: z.boolean().default(true),
  SortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type AwayReasonSave = z.input<typeof AwayReasonSave>;
export const AwayReasonPath = z.object({ AwayReasonId: IdParam });
