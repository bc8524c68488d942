import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ValidateZipRequest } from '@cc/contract';
import { api } from '../../../lib/api';

/** POST /api/inbound/validateZipCode: does a branch in the caller's scope (or the given one) serve the zip? */
export const validateZipCode = (request: ValidateZipRequest) => api('validateZipCode', { body: request });

export const validateZipCodeMutation = mutationOptions({
  mutationKey: ['inbound', 'validateZipCode'],
  mutationFn: validateZipCode,
});

export const useValidateZipCode = () => useMutation(validateZipCodeMutation);
