import { z } from 'zod';

export const WAITLIST_ROLES = ['jobseeker', 'referrer', 'company'] as const;
export type WaitlistRole = (typeof WAITLIST_ROLES)[number];

export const WAITLIST_ROLE_LABELS: Record<WaitlistRole, string> = {
  jobseeker: 'Job Seeker',
  referrer: 'Referrer',
  company: 'Company',
};

export const WAITLIST_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  roleRequired: 'Please select your role',
  success: "Success! You've been added to our waitlist. We'll be in touch soon!",
  failure: 'Something went wrong. Please try again.',
} as const;

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
