/** Resend Emails' calls (administration.md §7; decision 032): the failed messages, resend a range, resend one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResendEmailRequest } from '@cc/contract';
import { api } from '../../../lib/api';

export const failedEmailsKey = ['utilities', 'failed-emails'] as const;

export const useFailedEmails = () =>
  useQuery({ queryKey: failedEmailsKey, queryFn: ({ signal }) => api('getFailedEmails', { signal }), staleTime: 0 });

export function useResendWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: failedEmailsKey });
  return {
    range: useMutation({
      mutationFn: (body: { startDate: string; endDate: string }) => api('resendEmails', { body }),
      onSuccess: refresh,
    }),
    one: useMutation({
      mutationFn: (body: ResendEmailRequest) => api('resendEmail', { body }),
      onSuccess: refresh,
    }),
  };
}
