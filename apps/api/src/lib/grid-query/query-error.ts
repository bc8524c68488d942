/** Bad query text for a grid: the option, what is wrong, where. */
export class GridQueryError extends Error {
  override name = 'GridQueryError';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
  }
}

/** Where in the query text a fault is, for the message (1-based, as a person counts). */
export const position = (at: number | undefined) => (at === undefined ? '' : ` (at position ${at + 1})`);
