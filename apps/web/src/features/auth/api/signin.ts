import { useMutation } from '@tanstack/react-query';
import type { SigninRequest, SignupRequest } from '@cc/contract';
import { api } from '../../../lib/api';
import { session } from '../../../lib/session';
import { queryClient } from '../../../lib/query-client';

function start(response: Awaited<ReturnType<typeof api<'signin'>>>) {
  queryClient.clear();
  session.set(response);
  return response;
}

// `browser`: a short-lived token kept in memory, and the refresh credential in an HttpOnly cookie (decision 022).
export const useSignin = () =>
  useMutation({ mutationFn: (body: SigninRequest) => api('signin', { body: { ...body, browser: true } }).then(start) });

export const useSignup = () =>
  useMutation({ mutationFn: (body: SignupRequest) => api('signup', { body: { ...body, browser: true } }).then(start) });
