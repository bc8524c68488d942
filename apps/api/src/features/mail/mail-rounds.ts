/**
 * Rounds of work run one at a time: on a poll, when nudged, or asked for once. The mail worker's delivery rounds use
 * it, so that a poll, a nudge after a commit and a test's `runOnce` never deliver at the same time.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Rounds<T> {
  /** Has a stop been asked for? A round in progress checks it between its steps. */
  readonly stopping: boolean;
  /** Start polling (and run a round at once); false if it had started or been stopped. */
  start(): boolean;
  /** Run the next round now rather than after the poll's sleep. */
  nudge(): void;
  /** Run one round, after any in progress. */
  runOnce(): Promise<T>;
  /** Stop polling and wait for the round in progress. */
  stop(): Promise<void>;
}

export function createRounds<T>(
  round: () => Promise<T>,
  pollMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
): Rounds<T> {
  let started = false;
  let stopped = false;
  /** Rounds run one at a time: the poll loop and runOnce share this chain. */
  let chain: Promise<unknown> = Promise.resolve();
  let loop: Promise<void> | undefined;
  /** Set by nudge: start the next round without sleeping. */
  let woken = false;
  let wake: (() => void) | undefined;

  function exclusive(): Promise<T> {
    const next = chain.then(round);
    chain = next.catch(() => undefined);
    return next;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function pollLoop(): Promise<void> {
    while (!stopped) {
      woken = false;
      try {
        await exclusive();
      } catch (error) {
        log.error({ err: error }, 'mail worker: delivery round failed');
      }
      if (!stopped && !woken) await sleep(pollMs);
    }
  }

  return {
    get stopping() {
      return stopped;
    },
    start() {
      if (started || stopped) return false;
      started = true;
      loop = pollLoop();
      return true;
    },
    nudge() {
      if (!started || stopped) return;
      woken = true;
      wake?.();
    },
    runOnce: exclusive,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await chain;
    },
  };
}
