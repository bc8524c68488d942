/**
 * Route-table rows of the supervisor's view of the floor (spread into `routes` in routes.ts; decision 035). All three
 * need the supervisor rule (roles 2, 5, 6, 7; role 1 passes); the stream's credential may be a stream ticket in the
 * query instead of the bearer header, which EventSource cannot send.
 */
import { ACCESS } from '@cc/domain';
import { FloorSnapshot, FloorStream, FloorStreamQuery, FloorStreamTicket } from './supervisor-floor.js';

export const supervisorFloorRoutes = {
  floorSnapshot: {
    method: 'GET',
    path: '/api/supervisor/floor',
    access: ACCESS.supervisor,
    response: FloorSnapshot,
  },
  floorStreamTicket: {
    method: 'POST',
    path: '/api/supervisor/floor/stream-ticket',
    access: ACCESS.supervisor,
    response: FloorStreamTicket,
  },
  /** text/event-stream: a `snapshot` event at once and after every change in the caller's scope. */
  floorStream: {
    method: 'GET',
    path: '/api/supervisor/floor/stream',
    access: ACCESS.supervisor,
    query: FloorStreamQuery,
    response: FloorStream,
  },
} as const;
