/** Test support for the floor view: its Server-Sent Events stream read over real HTTP, frame by frame. */
import type { FloorSnapshot } from '@cc/contract';
import { readEventStream, type EventStreamReader } from '../../test/event-stream.js';
import type { TestApp } from '../../test/harness.js';

export type FloorStreamReader = EventStreamReader<FloorSnapshot>;

export async function ticketFor(t: TestApp, token: string): Promise<string> {
  const response = await t.call(token, { method: 'POST', url: '/api/supervisor/floor/stream-ticket' });
  if (response.statusCode !== 200) throw new Error(`ticket: ${response.statusCode} ${response.body}`);
  return response.json<{ ticket: string }>().ticket;
}

export const openFloorStream = (baseUrl: string, ticket: string): Promise<FloorStreamReader> =>
  readEventStream<FloorSnapshot>(`${baseUrl}/api/supervisor/floor/stream?ticket=${ticket}`, 'snapshot');
