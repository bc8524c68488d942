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

export const parseFilter = (text: string): FilterExpr => parse('$filter', 'Filter', text);
export const parseOrderBy = (text: string): OrderItem[] => parse('$orderby', 'OrderBy', text);
