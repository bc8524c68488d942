import type { EndCallRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/**
 * POST /api/call-center/end-call: the one request that ends a call (steps 2–7 of the sequence in one transaction
 * on the server). A retry with the same idempotency key answers the first result and writes nothing.
 */
export const endCall = (body: EndCallRequest, signal?: AbortSignal) => api('endCall', { body, signal });
