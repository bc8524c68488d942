export { registerOutboundRoutes } from './routes.js';
export {
  LISTED,
  ROW_COLUMNS,
  countsQuery,
  listConditions,
  listCountQuery,
  listPageQuery,
  listTotalQuery,
} from './lists.js';
