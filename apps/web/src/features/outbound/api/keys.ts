import type { OutboundListQuery } from '@cc/contract';
import type { OutboundCallTypeName, ScopeVariant } from '@cc/domain';

/** What one page of a call type's list asks for. */
export interface OutboundListArgs {
  callType: OutboundCallTypeName;
  query: OutboundListQuery;
}

/** Query keys: every outbound query starts with 'outbound', so one invalidation can reach them all. */
export const outboundKey = ['outbound'] as const;
export const listKey = (variant: ScopeVariant, callType: OutboundCallTypeName) =>
  [...outboundKey, 'list', variant, callType] as const;
export const countsKey = (variant: ScopeVariant) => [...outboundKey, 'counts', variant] as const;
