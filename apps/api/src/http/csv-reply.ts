import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answer a CSV download: UTF-8 with a byte-order mark (so Excel reads the accents), as an attachment named
 * `fileName`, streamed piece by piece. A handler returns what this returns: a stream is sent as it is (the text is
 * CSV, not JSON). Anything that can still fail as a 400 must be settled before calling it.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  pieces: Iterable<string> | AsyncIterable<string>,
): never {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  async function* withMark() {
    yield '\ufeff';
    yield* pieces;
  }
  return Readable.from(withMark()) as never;
}
