import { api } from '../../../lib/api';

/**
 * GET /api/telephony/dnis-branch?dnis=: the branch of the CSR's scope that the number dialled belongs to (the phone
 * lines kept in the Utilities, decision 081), for Add Call to start on; none when no line names it.
 */
export const dnisBranch = (dnis: string) => api('dnisBranch', { query: { dnis } });
