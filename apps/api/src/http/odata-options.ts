/**
 * The query options of the calls under /api/odata/ (docs/decisions/063-measureit-names-franchises-odata-options.md).
 * OData 4.01 lets a client name a system query option without its `$` and in any case (`top`, `orderBy`, `$TOP`),
 * which is how the spec itself writes them ("orderby, skip, top"): each is read as its `$` name. Nothing is
 * ignored in silence, since an ignored option answers other rows than the client asked for (a `top` ignored is 25
 * rows, a `branchno` ignored is every franchise): a system option the call does not take, an option given twice
 * under any spelling, a `$` name OData does not define, a parameter alias (`@p`) and a parameter the call does not
 * declare are each a 400 naming the parameter as the client wrote it.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/** OData 4.01's system query options (Part 2, URL Conventions, §5). */
export const ODATA_SYSTEM_OPTIONS = [
  '$apply',
  '$compute',
  '$count',
  '$deltatoken',
  '$expand',
  '$filter',
  '$format',
  '$id',
  '$index',
  '$levels',
  '$orderby',
  '$schemaversion',
  '$search',
  '$select',
  '$skip',
  '$skiptoken',
  '$top',
] as const;

const SYSTEM = new Map<string, string>(ODATA_SYSTEM_OPTIONS.map((o) => [o.slice(1), o]));

/** The system option a parameter names, with or without `$`, in any case; undefined when it names none. */
export function systemOptionOf(name: string): string | undefined {
  const bare = name.toLowerCase().replace(/^\$/, '');
  return SYSTEM.get(bare);
}

export interface ODataOptions {
  /** The query with every system option under its `$` name. */
  query: Record<string, unknown>;
  /** For each `$` name read from another spelling, the spelling the client used (to name it in a refusal). */
  given: Record<string, string>;
}

/**
 * Read a request's query for a call that declares `declared` (its own parameters, and the `$` names of the system
 * options it takes). Throws a 400 naming the parameter for anything it would otherwise have to ignore.
 */
export function readODataOptions(raw: Record<string, unknown>, declared: readonly string[]): ODataOptions {
  const query: Record<string, unknown> = {};
  const given: Record<string, string> = {};
  const taken = new Map<string, string>();
  const supported = declared.filter((name) => name.startsWith('$'));
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) throw badRequest(name, 'is given more than once: give each option once');
    const system = systemOptionOf(name);
    let key: string;
    if (system !== undefined) {
      if (!declared.includes(system)) {
        throw badRequest(
          name,
          `is an OData option this call does not support (it takes ${supported.join(', ') || 'none'})`,
        );
      }
      key = system;
    } else if (name.startsWith('$')) {
      throw badRequest(name, 'is not an OData system query option');
    } else if (name.startsWith('@')) {
      throw badRequest(name, 'parameter aliases are not supported: write the value in the option');
    } else if (declared.includes(name)) {
      key = name;
    } else {
      const near = declared.find((d) => d.toLowerCase() === name.toLowerCase());
      throw badRequest(name, `is not a parameter of this call${near ? ` (did you mean ${near}?)` : ''}`);
    }
    const earlier = taken.get(key);
    if (earlier !== undefined) throw badRequest(name, `repeats ${earlier}: give each option once`);
    taken.set(key, name);
    query[key] = value;
    if (name !== key) given[key] = name;
  }
  return { query, given };
}

const givenNames = new WeakMap<FastifyRequest, Record<string, string>>();

/** Rewrite a request's query as readODataOptions reads it, before the route's schema validates it. */
export function applyODataOptions(request: FastifyRequest, declared: readonly string[]): void {
  const { query, given } = readODataOptions((request.query ?? {}) as Record<string, unknown>, declared);
  request.query = query;
  givenNames.set(request, given);
}

/** The name the client wrote for a query field the schema refused (`top` for `$top`), so the 400 names it. */
export function givenName(request: FastifyRequest, field: string): string {
  return givenNames.get(request)?.[field] ?? field;
}
