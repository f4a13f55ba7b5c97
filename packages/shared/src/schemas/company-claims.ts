import { z } from 'zod';

/**
 * Claiming a company listed from its public job board (issue 38, ADR 0053): a signed-in person gives their work
 * e-mail, follows the link mailed to it, and becomes the company's admin at once when the address's domain is one the
 * company is known by, or after a platform admin approves.
 */
export const COMPANY_CLAIM_MESSAGES = {
  cta: 'Work here? Claim this company',
  ctaHint: 'Become its admin on Referwell: list its jobs, invite your colleagues and take referrals.',
  pageTitle: (company: string) => `Claim ${company}`,
  intro: (company: string) =>
    `Give your work e-mail at ${company}. We mail a link to it: open it while signed in to finish the claim.`,
  seekerAccountTitle: 'This account becomes a company account',
  seekerAccount:
    'Once the claim is granted, companies no longer find your job seeker profile. To keep looking for jobs, sign up again with your work e-mail and claim from that account.',
  emailLabel: 'Work e-mail',
  emailHint: 'The address your employer gave you, not a personal one.',
  submit: 'Send the link',
  sent: (email: string) =>
    `We sent a link to ${email}. Open it on this device while signed in; it works once, for 24 hours.`,
  checkInbox: 'Check your inbox',
  emailInvalid: 'Please enter a valid e-mail address.',
  onReferwell: (company: string) =>
    `${company} is already on Referwell. Ask one of its admins for an invitation (Company dashboard › Team).`,
  alreadyMember:
    'Your account already belongs to a company on Referwell. Sign in with another account to claim this one.',
  platformAdmin: 'A platform admin cannot claim a company for their own account.',
  limited: 'Too many claims from your account. Please try again later.',
  linkInvalid: 'This claim link is not valid: it was used already, has expired or was never sent.',
  notYours: 'This claim link was sent for another account. Sign in with the account that asked for it.',
  confirming: 'Confirming your claim…',
  claimedTitle: 'You are the company’s admin',
  claimed: (company: string) =>
    `Your address matched ${company}'s domain: you are its admin. Invite your colleagues from the Team page.`,
  pendingTitle: 'Waiting for a check',
  pending: (company: string) =>
    `Your address is confirmed, but its domain is not one we know ${company} by. A Referwell administrator checks the claim and you will hear back by e-mail.`,
  goToDashboard: 'Open the company dashboard',
  backToCompany: 'Back to the company',
  claimNotFound: 'That claim was not found or was decided already.',
  // The platform admin's list.
  pendingHeading: 'Claims waiting for a check',
  pendingEmpty: 'No claim is waiting. Claims whose e-mail domain matches the company are granted at once.',
  knownBy: (domains: string[]) => (domains.length > 0 ? `Known by ${domains.join(', ')}` : 'No domain known'),
  approve: 'Approve',
  refuse: 'Refuse',
  approveConfirmTitle: (person: string, company: string) => `Make ${person} the admin of ${company}?`,
  approveConfirm: (email: string, company: string) =>
    `${email} is not at a domain ${company} is known by. Approved, they run its page, jobs, team and referral bonuses at once, and are told in the app and by e-mail.`,
  refuseConfirmTitle: (person: string, company: string) => `Refuse the claim of ${person} to ${company}?`,
  refuseConfirm: 'They are told in the app and by e-mail, and the claim cannot be reopened.',
  approved: (person: string, company: string) => `${person} is now the admin of ${company}.`,
  refused: (person: string, company: string) => `The claim of ${person} to ${company} was refused.`,
  // Notices.
  claimedNoticeTitle: 'A company was claimed',
  claimedNotice: (person: string, email: string, company: string) =>
    `${person} (${email}) claimed ${company}: the e-mail's domain matched, so they are its admin.`,
  pendingNoticeTitle: 'A company claim waits for a check',
  pendingNotice: (person: string, email: string, company: string) =>
    `${person} (${email}) claimed ${company}, but the e-mail's domain is not one the company is known by. Approve or refuse it on Platform › Job sources.`,
  approvedNoticeTitle: 'Your company claim was approved',
  approvedNotice: (company: string) => `You are now the admin of ${company} on Referwell.`,
  refusedNoticeTitle: 'Your company claim was refused',
  withdrawHint: 'Wrong address, or changed your mind? You can withdraw the claim.',
  yourClaimPendingTitle: 'Your claim waits for a check',
  yourClaimPending: (email: string) =>
    `You confirmed ${email}. The Referwell team decides, and you are told in the app and by e-mail.`,
  withdraw: 'Withdraw the claim',
  withdrawConfirmTitle: 'Withdraw your claim?',
  withdrawConfirm: (email: string) =>
    `The claim made with ${email} ends: its link stops working and nobody reviews it. You can claim again later.`,
  keepClaim: 'Keep the claim',
  withdrawn: 'Your claim was withdrawn.',
  closedNoticeTitle: 'Your company claim is closed',
  closedNotice: (company: string) =>
    `${company} is on Referwell now: someone from it joined before your claim was decided, so the claim is closed. If you work there, ask them for an invitation.`,
  refusedNotice: (company: string) =>
    `Your claim to ${company} was refused. If you work there, ask for an invitation once a colleague joins, or write to us.`,
} as const;

/** How long a claim link works. */
export const CLAIM_LINK_HOURS = 24;

export const companyClaimRequestSchema = z.object({
  companySlug: z.string().trim().min(1).max(200),
  email: z.email({ error: COMPANY_CLAIM_MESSAGES.emailInvalid }).trim().toLowerCase().max(254),
});
export type CompanyClaimRequest = z.infer<typeof companyClaimRequestSchema>;

export const companyClaimSentSchema = z.object({ email: z.string() });
export type CompanyClaimSent = z.infer<typeof companyClaimSentSchema>;

export const companyClaimConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) });
export type CompanyClaimConfirm = z.infer<typeof companyClaimConfirmSchema>;

/** A confirmed claim: granted at once (the domain matched) or waiting for a platform admin. */
export const companyClaimOutcomeSchema = z.object({
  status: z.enum(['granted', 'pending']),
  companyName: z.string(),
  companySlug: z.string(),
});
export type CompanyClaimOutcome = z.infer<typeof companyClaimOutcomeSchema>;

/** A confirmed claim waiting for a platform admin. */
export const pendingCompanyClaimSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  companySlug: z.string(),
  /** The domains the company is known by (its website, its careers pages), none when unknown. */
  knownDomains: z.array(z.string()),
  claimantName: z.string(),
  /** The work e-mail the link was mailed to and followed from. */
  email: z.string(),
  confirmedAt: z.string(),
});
export type PendingCompanyClaim = z.infer<typeof pendingCompanyClaimSchema>;
export const pendingCompanyClaimListSchema = z.object({ items: z.array(pendingCompanyClaimSchema) });
export type PendingCompanyClaimList = z.infer<typeof pendingCompanyClaimListSchema>;

export const companyClaimParamsSchema = z.object({ claimId: z.uuid() });

/** The signed-in person's open claim on one company: its link mailed and still valid, or confirmed and pending. */
export const myCompanyClaimSchema = z.object({
  id: z.uuid(),
  status: z.enum(['mailed', 'pending']),
  /** The work e-mail the link was mailed to. */
  email: z.string(),
});
export type MyCompanyClaim = z.infer<typeof myCompanyClaimSchema>;
export const myCompanyClaimResponseSchema = z.object({ claim: myCompanyClaimSchema.nullable() });
export type MyCompanyClaimResponse = z.infer<typeof myCompanyClaimResponseSchema>;
export const myCompanyClaimQuerySchema = z.object({ companySlug: z.string().trim().min(1).max(200) });
