/** What other features use of the inbound search: the way back to the search as the CSR left it. */
export { RETURN_TO_SEARCH } from './search-memory';
/** How a screen pop opens the inbound search (decision 075). */
export { screenPopState } from './screen-pop';
