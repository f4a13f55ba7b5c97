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

/** Self-identification (issue 36): the applicant's step, the admin's settings, the compliance report. */
export const SELF_ID_TEXTS = {
  stepTitle: 'Voluntary self-identification',
  stepIntro: (company: string) =>
    `${company} invites you to answer the questions below. Answering is voluntary and kept apart from your application: the hiring team and your referrer never see your answers.`,
  submit: 'Submit answers',
  submitting: 'Saving...',
  skip: 'Skip',
  saved: 'Thank you. Your answers are kept confidential.',
  failed: 'Your answers could not be saved. Please try again.',
  pageTitle: 'Self-identification',
  pageIntro:
    'Invite applicants to answer the voluntary EEO-1, disability (CC-305) and protected veteran forms. Answers are kept apart from applications, never reach referrers or the hiring team, and are read only as counts.',
  settingsTitle: 'Invitation',
  settingsEnable: 'Invite applicants to self-identify',
  settingsForms: 'Forms to offer',
  settingsSave: 'Save',
  settingsSaved: 'Self-identification settings saved',
  settingsAdminsOnly: 'Only company administrators can change these settings.',
  reportTitle: 'Report',
  reportIntro: (minCell: number) =>
    `Answers counted per job and period. A count below ${minCell}, or one that would reveal it, is hidden (—).`,
  reportRefused:
    'Only members with the compliance permission can read this report. An admin grants it on the team page.',
  reportEmpty: 'No answers in this period yet.',
  reportError: 'The report could not be loaded.',
  respondents: 'Respondents',
  /** The report's heading over each question's answers. */
  questionLabels: {
    sex: 'Sex',
    race: 'Race/Ethnicity',
    disability: 'Disability status',
    veteran: 'Protected veteran status',
  } satisfies Record<(typeof SELF_ID_QUESTIONS)[number], string>,
  suppressed: '—',
  period: 'Period',
  complianceLabel: 'Compliance',
  complianceHelp: 'Reads the self-identification report',
  complianceNote:
    'Compliance: reads the self-identification report (counts only, never a person’s answers). Admins need it too.',
  complianceGranted: 'Compliance permission granted',
  complianceWithdrawn: 'Compliance permission withdrawn',
} as const;
