/**
 * The answers of the large reads (searches and list pages of up to a thousand rows) are written by the serializer
 * Fastify itself is built on, fast-json-stringify, compiled once per route from the JSON Schema of the contract's
 * response schema: it writes the fields the schema names, in its types, with no per-value check. zod's check of
 * every field of every row was most of the server's time on such a page (docs/decisions/096-compiled-answers.md).
 *
 * Outside production every such answer is still checked: zod must accept it as it is (no field it would drop, no value
 * it would change), and the compiled text must read back as the same value, so the tests hold both the handler and
 * the compiled serializer to the contract.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The JSON Schema fast-json-stringify compiles: what the schema's output is, in draft-07. */
export function serializerSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
  return json;
}

/** A route's serializer of its answer: compiled; outside production also checked against the schema. */
export function compiledSerializer(schema: z.ZodType, name: string, checked: boolean): (data: unknown) => string {
  const write: (data: unknown) => string = fastJson(serializerSchema(schema));
  if (!checked) return write;
  return (data) => {
    const output = schema.parse(data);
    if (!isDeepStrictEqual(output, data)) {
      throw new Error(`${name}: the answer is not what its response schema makes of it`);
    }
    const text = write(data);
    const read: unknown = JSON.parse(text);
    if (!isDeepStrictEqual(read, JSON.parse(JSON.stringify(output)))) {
      throw new Error(`${name}: the compiled serializer does not write what the response schema gives`);
    }
    return text;
  };
}
