import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { asUtilitiesUser } from '../../http/scope.js';
import { callbacks, sccDbUsers, updateCallbacks } from './callbacks.js';
import { allAssignments, deleteAssignment, setGroupCallStatus, sourceList, updateAssignment } from './groups.js';

/** Assign Service Reps and Reassign Callbacks under /api/Utilities/ (decision 031). */
export function registerAssignmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'getAllAssignments', ({ user }) => allAssignments(ctx, asUtilitiesUser(user)));
  defineRoute(app, ctx, 'updateCsrAssignment', ({ user, body }) => updateAssignment(ctx, asUtilitiesUser(user), body));
  defineRoute(app, ctx, 'deleteCsrAssignment', ({ user, params }) =>
    deleteAssignment(ctx, asUtilitiesUser(user), params.assignmentId),
  );
  defineRoute(app, ctx, 'getSourceList', ({ user, params }) =>
    sourceList(ctx, asUtilitiesUser(user), params.designation),
  );
  defineRoute(app, ctx, 'getSccDbUsers', ({ user }) => sccDbUsers(ctx, asUtilitiesUser(user)));
  defineRoute(app, ctx, 'setGroupCallStatus', ({ user, body }) => setGroupCallStatus(ctx, asUtilitiesUser(user), body));
  defineRoute(app, ctx, 'getCallbacks', ({ user, query }) => callbacks(ctx, asUtilitiesUser(user), query));
  defineRoute(app, ctx, 'updateCallbacks', ({ user, body }) => updateCallbacks(ctx, asUtilitiesUser(user), body));
}
