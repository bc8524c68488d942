import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDLE_TIMEOUT_SECONDS, IDLE_WARNING_SECONDS } from '@cc/domain';
import { api } from '../lib/api';

export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => api('clientConfig'),
  staleTime: Infinity,
});

/** Idle limits from the server (configurable so tests can be short), the spec's values until loaded. */
export function useClientConfig() {
  const { data } = useQuery(clientConfigQuery);
  return (
    data ?? {
      idleTimeoutSeconds: IDLE_TIMEOUT_SECONDS,
      idleWarningSeconds: IDLE_WARNING_SECONDS,
      callHeartbeatSeconds: 60,
      // Hidden until the server says sign-up is open, so a closed sign-up never flashes a button.
      signupEnabled: false,
      links: { payBill: null, autoPay: null, evaluation: null, wiki: null, knowledgeBase: null },
      sso: false,
      clickToDial: false,
    }
  );
}
