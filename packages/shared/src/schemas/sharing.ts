import { z } from 'zod';

/** GET /api/jobs/{id}/share-link: the address to share; a member of the job's company gets theirs with `?ref=`. */
export const jobShareLinkSchema = z.object({
  url: z.string(),
  /** The signed-in member's referral code in the link; null for anyone else (a plain link). */
  referralCode: z.string().nullable(),
});
export type JobShareLink = z.infer<typeof jobShareLinkSchema>;

/** What the job page's share buttons say. */
export const SHARE_MESSAGES = {
  copied: 'Link copied',
  copiedWithCode: 'Anyone who applies through it is referred by you.',
  copiedPlain: 'Paste it anywhere to share this job.',
} as const;
