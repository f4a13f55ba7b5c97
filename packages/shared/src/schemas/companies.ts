import { z } from 'zod';
import { isUsStateCode } from '../rules/pay-transparency';

/** Team roles shown on the team screen; Admin is the companyAdmin role. */
export const TEAM_ROLES = ['Admin', 'Member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

// Company admins read the spec's company words, never the original product's 'studio' (the API keeps studioName).
export const COMPANY_MESSAGES = {
  editProfileTitle: 'Edit Company Profile',
  studioNameMin: 'Company name must be at least 2 characters.',
  websiteInvalid: 'Please enter a valid URL.',
  descriptionMin: 'Description must be at least 10 characters.',
  locationMin: 'Location must be at least 2 characters.',
  employeeCountRequired: 'Please enter the number of employees.',
  staffStatesLabel: 'US states where you employ people (optional)',
  staffStatesHint:
    'Pay transparency laws in some states (Colorado, California, Washington, New York and others) reach remote jobs open to their residents when you employ people there. Your profile location counts already.',
  staffStatesUnknown: (codes: string) =>
    `Unknown US state: ${codes}. Use the two-letter postal codes, for example CO for Colorado.`,
  staffStatesJobsFlagged: (count: number) =>
    `${count} open ${count === 1 ? 'job now needs' : 'jobs now need'} a pay range under the states you employ people in. ${count === 1 ? 'It stays' : 'They stay'} open and ${count === 1 ? 'is' : 'are'} flagged on the Jobs board until a range is added.`,
  profileUpdatedTitle: 'Profile updated',
  profileUpdated: 'Your company profile has been successfully updated.',
  inviteCopiedTitle: 'Invite code copied!',
  inviteCopiedDashboard: 'Share this code with your team members to join.',
  inviteCopiedTeam: 'Share this code with team members to join your company.',
  newCodeTitle: 'New invite code generated',
  newCode: 'The previous code is no longer valid.',
  missingInfoTitle: 'Missing information',
  missingInfo: 'Please provide a name and email for the new team member.',
  memberAdded: 'Team member added',
  memberRemoved: 'Team member removed',
  roleUpdated: (role: TeamRole) => `Role updated to ${role}`,
  lastAdmin: 'A company needs at least one admin. Make someone else an admin first.',
  notAdmin: 'Only company administrators can do that.',
  memberNotFound: 'That person is not a member of this company.',
  alreadyMember: 'That person is already a member of a company.',
  companyNotFound: 'Company not found',
  noOpenPositions: 'No open positions available at this time.',
} as const;

const httpUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: COMPANY_MESSAGES.websiteInvalid }));

/** The Edit Company Profile form (SPEC §5 "Studio profile", in the company words admins see). */
export const companyProfileUpdateSchema = z.object({
  studioName: z.string().trim().min(2, COMPANY_MESSAGES.studioNameMin).max(120),
  website: z.string({ error: COMPANY_MESSAGES.websiteInvalid }).pipe(httpUrl),
  description: z.string().trim().min(10, COMPANY_MESSAGES.descriptionMin).max(5000),
  location: z.string().trim().min(2, COMPANY_MESSAGES.locationMin).max(120),
  employeeCount: z.string().trim().min(1, COMPANY_MESSAGES.employeeCountRequired).max(40),
  industries: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  /** US postal codes ('CO'); left out: unchanged. An unknown code is refused, named. */
  staffStates: z
    .array(z.string().trim().toUpperCase().max(10))
    .max(60)
    .superRefine((codes, context) => {
      const unknown = codes.filter((code) => !isUsStateCode(code));
      if (unknown.length > 0)
        context.addIssue({
          code: 'custom',
          message: COMPANY_MESSAGES.staffStatesUnknown(unknown.map((code) => `"${code}"`).join(', ')),
        });
    })
    .optional(),
});
export type CompanyProfileUpdate = z.input<typeof companyProfileUpdateSchema>;

/** A company as its public page shows it. */
export const publicCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  employeeCount: z.string().nullable(),
  industries: z.array(z.string()),
  foundedYear: z.number().int().nullable(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** GET /api/companies/:companyId (members): the profile with what only the company sees. */
export const companySchema = publicCompanySchema.extend({
  /** The US states (postal codes) the company employs people in (pay transparency's remote reach), sorted. */
  staffStates: z.array(z.string()),
});
export type Company = z.infer<typeof companySchema>;

/** PUT /api/companies/:companyId answers the profile and how many open jobs now lack a pay range a law requires. */
export const companyProfileUpdatedSchema = companySchema.extend({
  /** Open jobs (not exempt, no range) that a pay transparency law covers now: flagged on the Jobs board. */
  openJobsNeedingPayRange: z.number().int(),
});
export type CompanyProfileUpdated = z.infer<typeof companyProfileUpdatedSchema>;

export const companyJobCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  department: z.string().nullable(),
  location: z.string(),
  type: z.string(),
  salary: z.string().nullable(),
});
export type CompanyJobCard = z.infer<typeof companyJobCardSchema>;

/** GET /api/companies/by-slug/:slug — the public company page. */
export const publicCompanyResponseSchema = z.object({
  company: publicCompanySchema.extend({
    /** Listed from its public job board, nobody from it here yet: the page offers to claim it (ADR 0053). */
    notOnReferwell: z.boolean(),
  }),
  openPositions: z.array(companyJobCardSchema),
});
export type PublicCompanyResponse = z.infer<typeof publicCompanyResponseSchema>;

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** Holds the `compliance` permission: reads the self-identification report (issue 36). */
  compliance: z.boolean(),
  /** YYYY-MM-DD */
  joinedDate: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  invitedAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/companies/:companyId/team (admins only). */
export const teamResponseSchema = z.object({
  inviteCode: z.string(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const inviteCodeResponseSchema = z.object({ inviteCode: z.string() });
export const updateMemberRoleSchema = z.object({ role: z.enum(TEAM_ROLES) });
export const addTeamMemberSchema = z.object({
  name: z.string({ error: COMPANY_MESSAGES.missingInfo }).trim().min(1, COMPANY_MESSAGES.missingInfo).max(120),
  email: z
    .string({ error: COMPANY_MESSAGES.missingInfo })
    .trim()
    .min(1, COMPANY_MESSAGES.missingInfo)
    .max(254)
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});
export type AddTeamMember = z.infer<typeof addTeamMemberSchema>;
export const companyIdParamSchema = z.object({ companyId: z.uuid() });
export const memberParamSchema = z.object({ companyId: z.uuid(), userId: z.uuid() });

/** Slug for /company/{companyName}: lowercased, words joined by hyphens. */
export function companySlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'company'
  );
}

/** The readable prefix of an invite code: the first 4 letters of the company name, uppercase (SPEC §9). */
export function inviteCodePrefix(companyName: string): string {
  const letters = companyName.replace(/[^A-Za-z]/g, '').toUpperCase();
  return (letters + 'XXXX').slice(0, 4);
}
