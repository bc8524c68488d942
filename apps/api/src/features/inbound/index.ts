export { registerInboundRoutes } from './routes.js';
export { INBOUND_ROW_LIMIT, searchConditions, searchCountQuery, searchRowsQuery } from './search.js';
