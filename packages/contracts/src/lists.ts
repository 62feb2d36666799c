import { z } from 'zod';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/**
 * `limit`/`offset` with the spec's `take`/`skip` aliases. Values arrive as query
 * strings; out-of-range values are rejected rather than silently clamped.
 */
export const PageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
    offset: z.coerce.number().int().min(0).optional(),
    take: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
    skip: z.coerce.number().int().min(0).optional(),
  })
  .transform(({ limit, offset, take, skip }) => ({
    limit: limit ?? take ?? DEFAULT_LIMIT,
    offset: offset ?? skip ?? 0,
  }));
export type Page = z.output<typeof PageQuerySchema>;

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int().min(0),
    limit: z.number().int(),
    offset: z.number().int(),
  });
export interface List<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}
