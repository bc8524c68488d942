/**
 * $filter and $orderby text into a small tree (decision 033). The tree names fields as they were written; the grid
 * that runs the query checks every name against its own list and every literal against the field's type.
 */
import peggy from 'peggy';
import { ODATA_GRAMMAR } from './odata-grammar.js';

export type Literal =
  | { type: 'string'; value: string }
  | { type: 'number'; value: number; text: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null'; value: null }
  | { type: 'date'; value: string }
  | { type: 'datetime'; value: string };

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

/** `at`: the offset in the text where the part starts, for messages. */
export type FilterExpr =
  | { kind: 'or' | 'and'; left: FilterExpr; right: FilterExpr }
  | { kind: 'not'; expr: FilterExpr }
  | { kind: 'cmp'; op: CompareOp; field: string; value: Literal; at: number }
  | { kind: 'in'; field: string; values: Literal[]; at: number }
  | { kind: 'method'; name: 'contains' | 'startswith' | 'endswith'; field: string; value: string; at: number }
  | { kind: 'bool'; field: string; at: number };

export interface OrderItem {
  field: string;
  dir: 'asc' | 'desc';
  at: number;
}

/** A query option the grammar refuses, with where. */
export class ODataSyntaxError extends Error {
  override name = 'ODataSyntaxError';
  constructor(
    readonly option: '$filter' | '$orderby',
    message: string,
    readonly position: number,
  ) {
    super(`${option}: ${message} (at position ${position + 1})`);
  }
}

const parser = peggy.generate(ODATA_GRAMMAR, { allowedStartRules: ['Filter', 'OrderBy'] });

/**
 * How deep a $filter's parentheses may nest. The parser recurses through a few rules for every parenthesis, and about
 * 1,900 of them overflowed the stack (a 500); the screens nest a few. Other nesting (`not not …`, long `and`/`or`
 * chains) costs the stack less and is bounded by the length the contract allows, 4,000 characters
 * (060-csv-formulas-filter-depth-floor-rights.md).
 */
export const FILTER_MAX_DEPTH = 100;

/** Where the text's parentheses first nest deeper than the limit (those inside a string literal do not count). */
function tooDeepAt(text: string): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    // A quote doubled inside a string leaves it and enters it again at once: no character is read outside.
    if (c === "'") inString = !inString;
    else if (inString) continue;
    else if (c === '(' && ++depth > FILTER_MAX_DEPTH) return i;
    else if (c === ')') depth--;
  }
  return null;
}

function parse<T>(option: '$filter' | '$orderby', startRule: string, text: string): T {
  try {
    return parser.parse(text, { startRule }) as T;
  } catch (error) {
    if (error instanceof parser.SyntaxError) {
      throw new ODataSyntaxError(option, error.message, error.location.start.offset);
    }
    throw error;
  }
}

export function parseFilter(text: string): FilterExpr {
  // Refused before the parser sees it, so no $filter can overflow the parser's stack.
  const deep = tooDeepAt(text);
  if (deep !== null) throw new ODataSyntaxError('$filter', `parentheses nest more than ${FILTER_MAX_DEPTH} deep`, deep);
  return parse('$filter', 'Filter', text);
}

export const parseOrderBy = (text: string): OrderItem[] => parse('$orderby', 'OrderBy', text);
