export { registerOutboundRoutes } from './routes.js';
export { LISTED, countsQuery, listConditions, listCountQuery, listPageQuery, listTotalQuery } from './lists.js';
