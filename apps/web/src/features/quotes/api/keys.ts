/** Query keys: every All Quotes query starts with 'quotes', so one invalidation reaches them all. */
export const quotesKey = ['quotes'] as const;
export const listKey = [...quotesKey, 'list'] as const;
export const quoteKey = (orderId: number) => [...quotesKey, 'order', orderId] as const;
