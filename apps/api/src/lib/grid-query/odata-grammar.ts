/**
 * The grammar of the OData v4 query options a grid sends ($filter and $orderby), for peggy (decision 033). It follows
 * the OData ABNF (part 2, URL conventions) for the subset in scope: or, and, not and parentheses with OData's
 * precedence (not binds tighter than and, and tighter than or); eq, ne, gt, ge, lt, le and in (4.01) between a
 * property and a literal; contains, startswith and endswith on text; a boolean property alone; literals: strings
 * (with '' for a quote), numbers, true, false, null, dates and date-times with an offset. Anything else fails here
 * with peggy's own message and position.
 */
export const ODATA_GRAMMAR = String.raw`
Filter = _ e:Or _ { return e; }

OrderBy = _ head:OrderItem tail:(_ "," _ @OrderItem)* _ { return [head, ...tail]; }
OrderItem = field:Field dir:(RWS @("asc" / "desc") !IdentChar)? { return { field, dir: dir ?? 'asc', at: location().start.offset }; }

Or = head:And tail:(RWS "or" RWS @And)* { return tail.reduce((left, right) => ({ kind: 'or', left, right }), head); }
And = head:Unary tail:(RWS "and" RWS @Unary)* { return tail.reduce((left, right) => ({ kind: 'and', left, right }), head); }
Unary
  = "not" (RWS / &"(") _ e:Unary { return { kind: 'not', expr: e }; }
  / Primary

Primary
  = "(" _ e:Or _ ")" { return e; }
  / Method
  / In
  / Comparison
  / field:Field { return { kind: 'bool', field, at: location().start.offset }; }

Comparison = field:Field RWS op:Operator !IdentChar RWS value:Literal
  { return { kind: 'cmp', op, field, value, at: location().start.offset }; }
Operator = "eq" / "ne" / "gt" / "ge" / "lt" / "le"

In = field:Field RWS "in" _ "(" _ head:Literal tail:(_ "," _ @Literal)* _ ")"
  { return { kind: 'in', field, values: [head, ...tail], at: location().start.offset }; }

Method = name:("contains" / "startswith" / "endswith") _ "(" _ field:Field _ "," _ value:Str _ ")"
  { return { kind: 'method', name, field, value: value.value, at: location().start.offset }; }

Literal = DateTime / Date / Num / Str / Keyword

Keyword
  = "true" !IdentChar { return { type: 'boolean', value: true }; }
  / "false" !IdentChar { return { type: 'boolean', value: false }; }
  / "null" !IdentChar { return { type: 'null', value: null }; }

Str = "'" chars:("''" { return "'"; } / [^'])* "'" { return { type: 'string', value: chars.join('') }; }

Num = text:$("-"? [0-9]+ ("." [0-9]+)? ([eE] [-+]? [0-9]+)?) !IdentChar { return { type: 'number', value: Number(text), text }; }

Date = text:$(Year "-" Month "-" Day) !IdentChar { return { type: 'date', value: text }; }

DateTime = text:$(Year "-" Month "-" Day "T" Hour ":" Minute (":" Minute ("." [0-9]+)?)? ("Z" / [-+] Hour ":" Minute))
  { return { type: 'datetime', value: text }; }

Year = [0-9][0-9][0-9][0-9]
Month = "0" [1-9] / "1" [0-2]
Day = "0" [1-9] / [12] [0-9] / "3" [01]
Hour = [01] [0-9] / "2" [0-3]
Minute = [0-5] [0-9]

Field = $([A-Za-z_] IdentChar*)
IdentChar = [A-Za-z0-9_]

RWS "space" = [ \t]+
_ = [ \t]*
`;
