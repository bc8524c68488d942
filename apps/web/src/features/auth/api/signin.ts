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

export const useSignin = () =>
  useMutation({ mutationFn: (body: SigninRequest) => api('signin', { body }).then(start) });

export const useSignup = () =>
  useMutation({ mutationFn: (body: SignupRequest) => api('signup', { body }).then(start) });
