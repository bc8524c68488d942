/**
 * Route-table rows of agent states (decision 076), spread into `routes` in routes.ts. A CSR reads and changes only
 * their own state (the session's user: no user in the path); others' states are read on the supervisor's floor
 * under its rule. The away reasons are kept by administrators beside the other reference data under /api/users/.
 */
import { ACCESS } from '@cc/domain';
import {
  AgentState,
  AgentStateChoice,
  AwayReason,
  AwayReasonPath,
  AwayReasonSave,
  AwayReasonsResponse,
} from './agent-states.js';

export const agentStateRoutes = {
  myAgentState: { method: 'GET', path: '/api/agent-state', access: ACCESS.call, response: AgentState },
  setMyAgentState: {
    method: 'PUT',
    path: '/api/agent-state',
    access: ACCESS.call,
    body: AgentStateChoice,
    response: AgentState,
  },
  /** The reasons offered now (active ones, in their order). */
  agentAwayReasons: {
    method: 'GET',
    path: '/api/agent-state/away-reasons',
    access: ACCESS.call,
    response: AwayReasonsResponse,
  },
  // ---- Administrators (role 1), with an audit row per change ----
  listAwayReasons: {
    method: 'GET',
    path: '/api/users/away-reasons/',
    access: ACCESS.administrator,
    response: AwayReasonsResponse,
  },
  addAwayReason: {
    method: 'POST',
    path: '/api/users/away-reason/',
    access: ACCESS.administrator,
    body: AwayReasonSave,
    response: AwayReason,
  },
  updateAwayReason: {
    method: 'PUT',
    path: '/api/users/away-reason/:AwayReasonId',
    access: ACCESS.administrator,
    params: AwayReasonPath,
    body: AwayReasonSave,
    response: AwayReason,
  },
} as const;
