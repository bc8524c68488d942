/** The $filter and $orderby grammar: OData's precedence, its literals, and refusals with their position. */
import { describe, expect, it } from 'vitest';
import { FILTER_MAX_DEPTH, ODataSyntaxError, parseFilter, parseOrderBy, type FilterExpr } from './odata.js';

/** The tree as text with every group in parentheses, to read precedence at a glance. */
function show(e: FilterExpr): string {
  switch (e.kind) {
    case 'and':
    case 'or':
      return `(${show(e.left)} ${e.kind} ${show(e.right)})`;
    case 'not':
      return `not ${show(e.expr)}`;
    case 'cmp':
      return `${e.field} ${e.op} ${JSON.stringify(e.value.value)}`;
    case 'in':
      return `${e.field} in [${e.values.map((v) => JSON.stringify(v.value)).join(',')}]`;
    case 'method':
      return `${e.name}(${e.field},${JSON.stringify(e.value)})`;
    case 'bool':
      return e.field;
  }
}

describe('$filter', () => {
  it.each([
    ['a eq 1 and b eq 2 or c eq 3', '((a eq 1 and b eq 2) or c eq 3)'],
    ['a eq 1 or b eq 2 and c eq 3', '(a eq 1 or (b eq 2 and c eq 3))'],
    ['not a and b', '(not a and b)'],
    ["not contains(x,'y') or b", '(not contains(x,"y") or b)'],
    ['not (a or b)', 'not (a or b)'],
    ['not(a)', 'not a'],
    ['a and b and c', '((a and b) and c)'],
    ["  Type eq 'Cancel'  ", 'Type eq "Cancel"'],
    ["n in ('O''Brien', 'x,y')", 'n in ["O\'Brien","x,y"]'],
    ['n in (1,2.5,-3e2)', 'n in [1,2.5,-300]'],
    ['d eq null and e ne true and f eq false', '((d eq null and e ne true) and f eq false)'],
    ["startswith(a,'Mü') or endswith(a,'ña')", '(startswith(a,"Mü") or endswith(a,"ña"))'],
    ['notes eq 1 or order eq 2', '(notes eq 1 or order eq 2)'],
  ])('%s', (text, tree) => {
    expect(show(parseFilter(text))).toBe(tree);
  });

  it('reads dates and date-times as such', () => {
    expect(parseFilter('d ge 2026-01-31')).toMatchObject({ value: { type: 'date', value: '2026-01-31' } });
    for (const value of ['2026-01-31T10:00Z', '2026-01-31T10:00:05.123+05:30', '2026-01-31T23:59:59-06:00']) {
      expect(parseFilter(`d lt ${value}`)).toMatchObject({ value: { type: 'datetime', value } });
    }
  });

  it.each([
    ['a eq', 5],
    ['a eq 1 and', 11],
    ['(a eq 1', 8],
    ["a eq 'open", 11],
    ['a in ()', 7],
    ['a eq 1; drop table users', 7],
    ['a like 1', 3],
    ['a eq 2026-13-01', 12],
    ['a eq 1 xor b eq 2', 8],
    ['contains(a, 1)', 13],
    ['', 1],
  ])('refuses %j, saying where', (text, position) => {
    let error: unknown;
    try {
      parseFilter(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ODataSyntaxError);
    expect((error as ODataSyntaxError).message).toMatch(/^\$filter: /);
    expect((error as ODataSyntaxError).position + 1).toBe(position);
  });

  it('refuses parentheses nested past the limit before parsing, where they pass it; strings do not count', () => {
    const nested = (n: number) => `${'('.repeat(n)}a eq 1${')'.repeat(n)}`;
    expect(show(parseFilter(nested(FILTER_MAX_DEPTH)))).toBe('a eq 1');
    for (const text of [nested(FILTER_MAX_DEPTH + 1), nested(2000), '('.repeat(2000)]) {
      expect(() => parseFilter(text)).toThrow(
        new ODataSyntaxError('$filter', `parentheses nest more than ${FILTER_MAX_DEPTH} deep`, FILTER_MAX_DEPTH),
      );
    }
    const inText = `a eq '${'('.repeat(500)}''' and (b eq 1)`;
    expect(show(parseFilter(inText))).toBe(`(a eq "${'('.repeat(500)}'" and b eq 1)`);
  });
});

describe('$orderby', () => {
  it('reads fields with their directions, ascending when not said', () => {
    expect(parseOrderBy('LastName desc, branchNo,OutboundId asc').map(({ field, dir }) => [field, dir])).toEqual([
      ['LastName', 'desc'],
      ['branchNo', 'asc'],
      ['OutboundId', 'asc'],
    ]);
  });
  it.each(['LastName up', 'LastName,', ',a', 'a desc desc'])('refuses %j', (text) => {
    expect(() => parseOrderBy(text)).toThrow(ODataSyntaxError);
  });
});
