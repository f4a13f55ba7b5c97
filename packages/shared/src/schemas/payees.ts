import { z } from 'zod';
import { PAYEE_KINDS, TAX_CLASSIFICATIONS, TIN_TYPES, normalizeTin } from '../rules/payees';

export const PAYEE_MESSAGES = {
  tinShape: 'Enter the TIN as 123-45-6789 (SSN) or 12-3456789 (EIN)',
  tinRequired: 'Enter the TIN from the W-9',
  notAPayee: 'This person has no bonus at your company.',
} as const;

const money = z.object({ currency: z.string(), amount: z.number().int() });

export const payeeSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  /** null until an admin records how the person is paid. */
  kind: z.enum(PAYEE_KINDS).nullable(),
  payrollId: z.string().nullable(),
  w9: z
    .object({
      legalName: z.string(),
      taxClassification: z.enum(TAX_CLASSIFICATIONS),
      tinType: z.enum(TIN_TYPES),
      /** Only the last four digits: the TIN itself is never returned. */
      tinMasked: z.string(),
    })
    .nullable(),
  /** Bonuses paid in the year, per currency. */
  paidInYear: z.array(money),
  /** An external referrer paid at least the year's 1099-NEC threshold (in USD). */
  reaches1099Threshold: z.boolean(),
});
export type Payee = z.infer<typeof payeeSchema>;

export const payeeListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const payeeListSchema = z.object({
  year: z.number().int(),
  /** The year's 1099-NEC threshold in whole US dollars. */
  thresholdUsd: z.number().int(),
  payees: z.array(payeeSchema),
});
export type PayeeList = z.infer<typeof payeeListSchema>;

/**
 * How an admin records a payee: an employee by payroll id, or an external referrer by their W-9. The TIN may be
 * left out to keep the one on file.
 */
export const payeeFormSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('employee'),
    payrollId: z.string().trim().min(1, 'Enter the payroll id').max(50),
  }),
  z
    .object({
      kind: z.literal('external'),
      legalName: z.string().trim().min(1, 'Enter the name on the W-9').max(200),
      taxClassification: z.enum(TAX_CLASSIFICATIONS),
      tinType: z.enum(TIN_TYPES),
      tin: z.string().trim().max(20).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.tin && normalizeTin(value.tinType, value.tin) === null)
        ctx.addIssue({ code: 'custom', path: ['tin'], message: PAYEE_MESSAGES.tinShape });
    }),
]);
export type PayeeForm = z.infer<typeof payeeFormSchema>;
