import { z } from 'zod';

/** Every failure answers this shape; `errors` maps a field to its message where there are several. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The step of a multi-step command that failed (the end-call sequence). */
  step: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** One pagination shape for every list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const Ok = z.object({ ok: z.literal(true) });

/** A positive integer id in a path or query (strings from the URL are coerced). */
export const IdParam = z.coerce.number().int().positive();
