import { z } from 'zod';
import { SELF_ID_FORMS, SELF_ID_QUESTIONS } from '../rules/self-id-forms';

export const SELF_ID_MESSAGES = {
  notOffered: 'This company does not invite self-identification.',
  notAnApplicant: 'Apply to this job (or confirm your referral) first.',
  invalidAnswer: 'An answer is not one of the choices on the form.',
  noForms: 'Pick at least one form to turn self-identification on.',
  notCompliance: 'Only members with the compliance permission can read self-identification reports.',
} as const;

/** GET/PUT /api/companies/:companyId/self-id/settings (admins). */
export const selfIdSettingsSchema = z
  .object({
    enabled: z.boolean(),
    forms: z.array(z.enum(SELF_ID_FORMS)).max(SELF_ID_FORMS.length),
  })
  .refine((s) => !s.enabled || s.forms.length > 0, { message: SELF_ID_MESSAGES.noForms, path: ['forms'] });
export type SelfIdSettings = z.infer<typeof selfIdSettingsSchema>;

/** GET /api/jobs/:id/self-id — the invitation an applicant sees for this job's company. */
export const selfIdInvitationSchema = z.object({
  offered: z.boolean(),
  companyName: z.string(),
  forms: z.array(z.enum(SELF_ID_FORMS)),
  /** The person already answered (their answers are never sent back: the data export holds them). */
  answered: z.boolean(),
});
export type SelfIdInvitation = z.infer<typeof selfIdInvitationSchema>;

/**
 * PUT /api/jobs/:id/self-id — the applicant's answers, question → choice value. Any string passes here; an answer
 * that is not one of the offered form's choices is refused by the server with 422 (selfIdAnswerProblems).
 */
export const selfIdSubmissionSchema = z.object({
  answers: z.record(z.string().max(40), z.string().max(80)),
});
export type SelfIdSubmission = z.infer<typeof selfIdSubmissionSchema>;

export const SELF_ID_PERIODS = ['month', 'quarter', 'year'] as const;

/** GET /api/companies/:companyId/self-id/report (compliance). */
export const selfIdReportQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  period: z.enum(SELF_ID_PERIODS).default('quarter'),
});
export type SelfIdReportQuery = z.infer<typeof selfIdReportQuerySchema>;

/** One cell: a count, or null where it was suppressed (fewer than SELF_ID_MIN_CELL people, or one that would reveal one). */
const cellSchema = z.object({ choice: z.string(), label: z.string(), count: z.number().int().nullable() });

export const selfIdReportSchema = z.object({
  minCell: z.number().int(),
  rows: z.array(
    z.object({
      jobId: z.uuid(),
      jobTitle: z.string(),
      /** '2026', '2026-Q4' or '2026-12'. */
      period: z.string(),
      /** People who answered in the period (null when suppressed). */
      respondents: z.number().int().nullable(),
      questions: z.array(z.object({ question: z.enum(SELF_ID_QUESTIONS), cells: z.array(cellSchema) })),
    }),
  ),
});
export type SelfIdReport = z.infer<typeof selfIdReportSchema>;

/** PUT /api/companies/:companyId/members/:userId/compliance (admins). */
export const memberComplianceSchema = z.object({ compliance: z.boolean() });
