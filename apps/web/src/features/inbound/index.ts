/** What other features use of the inbound search: the way back to the search as the CSR left it. */
export { RETURN_TO_SEARCH } from './search-memory';
