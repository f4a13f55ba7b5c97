import { z } from 'zod';
import { WAITLIST_MESSAGES, WAITLIST_ROLES } from '../rules/waitlist-texts';

export * from '../rules/waitlist-texts';

export const joinWaitlistRequestSchema = z.object({
  name: z.string({ error: WAITLIST_MESSAGES.nameRequired }).trim().min(1, WAITLIST_MESSAGES.nameRequired).max(120),
  email: z
    .string({ error: WAITLIST_MESSAGES.emailRequired })
    .trim()
    .min(1, WAITLIST_MESSAGES.emailRequired)
    .max(254)
    .pipe(z.email({ error: WAITLIST_MESSAGES.emailInvalid })),
  role: z.enum(WAITLIST_ROLES, { error: WAITLIST_MESSAGES.roleRequired }),
});
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const joinWaitlistResponseSchema = z.object({
  message: z.string(),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

/** A form post's fields as the browser sends them: every one may be missing; the JSON schema then decides. */
export const waitlistFormBodySchema = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  role: z.string().max(100).optional(),
});
