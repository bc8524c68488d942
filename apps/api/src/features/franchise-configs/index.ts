/** Franchise Maintenance and Resend Emails, two of the call-centre utilities (decision 032). */
export { registerFranchiseConfigRoutes } from './routes.js';
