/** Query keys: every query of the pricing tab starts with 'pricing'. */
export const pricingKey = ['pricing'] as const;
