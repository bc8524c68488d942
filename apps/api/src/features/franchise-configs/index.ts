/** Franchise Maintenance and Resend Emails, the call-centre utilities of issue 16 points 4 and 5 (decision 032). */
export { registerFranchiseConfigRoutes } from './routes.js';
