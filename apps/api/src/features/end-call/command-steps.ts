/**
 * How the end-call command runs its steps (docs/decisions/010-end-call-command.md): each step is named so that its
 * failure answers that step and rolls the transaction back, a failed step is written to the step log after the
 * rollback, and a repeat of an idempotency key answers the first result.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { END_CALL_STEPS, type EndCallRequest, type EndCallResponse, type EndCallStep } from '@cc/contract';
import { callStatusAtEnd, isSaleResult } from '@cc/domain';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { callHistory, emailOutbox, stepLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError, badRequest } from '../../http/errors.js';

/** The end-call request as its schema parsed it: what every step reads. */
export type EndCallInput = z.output<typeof EndCallRequest>;

/** A hook the tests use to fail or stall a step; absent in production. */
export type EndCallStepHook = (step: EndCallStep) => void | Promise<void>;

const STEP_FAILED = 'Something went wrong on the server.';

/** Runs one step; an error becomes the step's failure (status kept, step named) and rolls the transaction back. */
export async function step<T>(hook: EndCallStepHook | undefined, name: EndCallStep, run: () => Promise<T>): Promise<T> {
  try {
    await hook?.(name);
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.message, error.errors, { cause: error, step: name });
    }
    // The cause stays for the log (values redacted there); the CSR and the step log get words without internals.
    throw new AppError('INTERNAL', STEP_FAILED, undefined, { cause: error, step: name });
  }
}

/** The answer of a call already ended with this key (a retry, a double click, a concurrent duplicate). */
export async function repeatAnswer(db: DbOrTx, user: AuthUser, key: string): Promise<EndCallResponse | null> {
  const [call] = await db
    .select({
      callId: callHistory.callId,
      csuserId: callHistory.csuserId,
      orderId: callHistory.orderId,
      surveyId: callHistory.surveyId,
      callType: callHistory.callType,
      callResult: callHistory.callResult,
      receipt: callHistory.reciept,
    })
    .from(callHistory)
    .where(eq(callHistory.idempotencyKey, key));
  if (!call) return null;
  if (call.csuserId !== user.userId) throw badRequest('idempotencyKey', 'is already used by another call');
  const mail = await db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.callId, call.callId));
  return {
    callId: call.callId,
    orderId: call.orderId,
    surveyId: call.surveyId,
    orderStatus: call.orderId === null ? null : isSaleResult(call.callResult) ? 'SUBMITTED' : 'PENDING',
    callStatus: callStatusAtEnd(call.callType, call.callResult),
    emailQueued: mail.some((m) => m.kind === 'end-call'),
    thpEmailQueued: mail.some((m) => m.kind === 'thp'),
    receipt: call.receipt,
    repeated: true,
  };
}

/**
 * Runs the transaction; when a step fails, the failure goes to the step log (stepDebug's table) after the rollback,
 * in a statement of its own, so that support can see which call failed where and why even though nothing of the
 * call was kept. A failure to log is itself only logged: the CSR's answer is the step's error.
 */
export async function runLogged<T>(
  ctx: AppContext,
  user: AuthUser,
  input: EndCallInput,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.step !== undefined) {
      try {
        await ctx.db.insert(stepLog).values({
          // The step's number in the sequence (END_CALL_STEPS: 1 validate, 2 callHistory, …); its name leads the log.
          stepId: END_CALL_STEPS.indexOf(error.step as EndCallStep) + 1,
          sqldbid: input.sqldbid,
          custNo: input.customerNo,
          parametersData: JSON.stringify({
            idempotencyKey: input.idempotencyKey,
            callType: input.callType,
            result: input.result,
            outboundId: input.outboundId ?? null,
          }),
          status: 'failed',
          log: `${error.step}: ${error.message}`,
          userId: user.userId,
          createdAt: ctx.now(),
        });
      } catch (logError) {
        ctx.log.error({ err: logError }, 'end-call: the failed step could not be logged');
      }
    }
    throw error;
  }
}
