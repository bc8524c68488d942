export { registerOutboundRoutes } from './routes.js';
export { LISTED, countsQuery, listConditions, listCountQuery, listPageQuery } from './lists.js';
