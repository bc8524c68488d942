/**
 * Bad grid query text as the API answers it: a 400 that names the option (`$filter`, `$orderby`, `after`, or the
 * name a route gives it) and says what is wrong and where — the same answer from every grid.
 */
import { badRequest } from '../../http/errors.js';
import { GridQueryError } from './query-error.js';
import { ODataSyntaxError } from './odata.js';

/**
 * `run`'s result, or its grid error as a 400. `option`: the name the request used for the option, when a route
 * takes it under another name than the grid's (the MeasureIt search's POST body says `orderBy`).
 */
export function gridChecked<T>(run: () => T, option?: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof GridQueryError || error instanceof ODataSyntaxError) {
      throw badRequest(option ?? error.option, error.message.slice(error.option.length + 2));
    }
    throw error;
  }
}
