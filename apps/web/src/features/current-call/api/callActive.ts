import type { CallActiveRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/**
 * POST /api/call-center/call-active: open (lock) the call; repeated as the heartbeat while the screen is
 * open. 409 'Sorry, but this call is currently active...' when another CSR has the customer.
 */
export const callActive = (body: CallActiveRequest) => api('callActive', { body });
