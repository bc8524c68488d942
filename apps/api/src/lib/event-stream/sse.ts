/**
 * The response of a Server-Sent Events stream, as every stream of the app opens it (the floor's, decision 035; the
 * screen pops', decision 075): the headers that keep it unbuffered and uncached, the browser's reconnection delay,
 * and one `end` however it ends (the browser goes, the server closes it, its rights lapse).
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** How soon a browser comes back after its stream ends (SSE `retry`); the page itself asks for a new ticket. */
export const RETRY_MS = 2000;

export interface EventStream {
  /** What the handler answers: the stream's body. */
  body: PassThrough;
  /** Write one SSE frame; false when the stream is gone. */
  write: (frame: string) => boolean;
  /** End the stream (once; later calls do nothing). */
  end: () => void;
  /** Called once when the stream ends, whoever ends it. */
  onEnd: (handler: () => void) => void;
}

export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  reply.header('content-type', 'text/event-stream; charset=utf-8');
  reply.header('cache-control', 'no-store');
  // nginx and others buffer a response unless told not to: an event must reach the browser when it is written.
  reply.header('x-accel-buffering', 'no');
  body.write(`retry: ${RETRY_MS}\n\n`);
  let ended = false;
  const handlers: (() => void)[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    for (const handler of handlers) handler();
    body.end();
  };
  // The browser went away (or the server closed the connection).
  reply.raw.once('close', end);
  return {
    body,
    write: (frame) => !ended && body.write(frame),
    end,
    onEnd: (handler) => {
      if (ended) handler();
      else handlers.push(handler);
    },
  };
}

/** One SSE event whose data is JSON. */
export const eventFrame = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
