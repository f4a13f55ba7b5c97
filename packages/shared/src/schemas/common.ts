import { z } from 'zod';
import { PAGINATION } from '../constants';

/** The one error body every 4xx/5xx answer uses. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGINATION.maxPageSize).default(PAGINATION.defaultPageSize),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type Paginated<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

export const uuidParamSchema = z.object({ id: z.uuid() });

/** An optional text field: trimmed, at most `max` characters, and blank means not given (undefined). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** What referring for a job pays and when (bonusOffer in rules/bonus-policy.ts; bonusOfferWords says it in words). */
export const bonusOfferSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  /** Days after the hire's start date; 0 is on the start date. */
  payoutDelayDays: z.number().int(),
});
