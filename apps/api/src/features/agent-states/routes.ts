import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { chooseAgentState, offeredAwayReasons } from './own-state.js';
import { readAgentState, settleLapsedSessions, settleWrapUps } from './service.js';

/** A CSR's own agent state (decision 076); others' are read on the supervisor's floor. */
export function registerAgentStateRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'myAgentState', ({ user }) => readAgentState(ctx, user.userId));
  defineRoute(app, ctx, 'setMyAgentState', ({ user, body }) => chooseAgentState(ctx, user, body));
  defineRoute(app, ctx, 'agentAwayReasons', () => offeredAwayReasons(ctx.db));

  // Every process sweeps, every AGENT_SWEEP_SECONDS, recording the Ready of Wrap-ups nobody touched since they ended
  // and the Offline of users whose sessions all lapsed without a sign-out (decision 077). The statement skips rows
  // another is settling, so several processes never record one twice, and a restart only delays the record (a read
  // of the state meanwhile already answers Ready).
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', (done) => {
    if (ctx.config.agentSweepSeconds === 0) {
      done();
      return;
    }
    timer = setInterval(() => {
      const now = ctx.now();
      running = settleWrapUps(ctx.db, now)
        .then(() => settleLapsedSessions(ctx.db, now, ctx.config.session.idleSeconds))
        .catch((error: unknown) => {
          ctx.log.warn({ err: error }, 'agent states: the sweep failed; the next one tries again');
        });
    }, ctx.config.agentSweepSeconds * 1000);
    timer.unref();
    done();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
