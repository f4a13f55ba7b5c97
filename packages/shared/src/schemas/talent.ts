import { z } from 'zod';
import { parsedResumeSchema, RESUME_LIMITS } from './resume';
import { cleanSkillList } from '../skills';
import { EMPLOYMENT_STATUSES, ENNEAGRAM_TYPES, INVOLVEMENT_OPTIONS, MYERS_BRIGGS_TYPES } from './talent-options';
import { TALENT_MESSAGES } from './talent-messages';

export * from '../rules/match';
export * from '../rules/talent';

export const KUDOS_REQUEST_TTL_DAYS = 30;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, TALENT_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = (message: string, host?: RegExp) =>
  z
    .string()
    .trim()
    .max(500, TALENT_MESSAGES.tooLong(500))
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.url({ protocol: /^https?$/, ...(host ? { hostname: host } : {}), error: message }).nullable());

const optionalChoice = <T extends readonly [string, ...string[]]>(choices: T, message: string) =>
  z
    .union([z.enum(choices), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? v : null));

/** Chip lists: trimmed, empty ones dropped, exact duplicates dropped (SPEC §5 'Skill chips'). */
const chipList = (max = 50) =>
  z
    .array(z.string().max(80, TALENT_MESSAGES.tooLong(80)))
    .max(max, TALENT_MESSAGES.tooManyItems(max))
    .default([])
    .transform((items) => [...new Set(items.map((s) => s.trim()).filter(Boolean))]);

/** International phone numbers: digits with spaces, dots, dashes, parentheses and an optional leading +. */
const PHONE = /^\+?[0-9 ().-]{6,25}$/;

/** The Edit Profile form (SPEC §2, §3 Talent profile). Email is the account's and is not edited here. */
export const talentProfileFormSchema = z.object({
  name: z.string({ error: TALENT_MESSAGES.nameRequired }).trim().min(1, TALENT_MESSAGES.nameRequired).max(120),
  phone: optionalText(30).refine((v) => v === null || (PHONE.test(v) && /\d{6}/.test(v.replace(/\D/g, ''))), {
    message: TALENT_MESSAGES.phoneInvalid,
  }),
  location: optionalText(120),
  linkedin: optionalUrl(TALENT_MESSAGES.linkedinInvalid, /(^|\.)linkedin\.com$/),
  portfolio: optionalUrl(TALENT_MESSAGES.urlInvalid),
  bio: optionalText(5000),
  superpower: optionalText(200),
  myersBriggs: optionalChoice(MYERS_BRIGGS_TYPES, TALENT_MESSAGES.myersBriggsInvalid),
  enneagram: optionalChoice(ENNEAGRAM_TYPES, TALENT_MESSAGES.enneagramInvalid),
  achievement: optionalText(2000),
  titles: chipList(10),
  industries: chipList(),
  /** Not stated until the person states it (null): a new, empty profile claims no experience. */
  yearsOfExperience: z.preprocess(
    (v) => (v === '' || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? null : v),
    z.coerce
      .number({ error: TALENT_MESSAGES.yearsInvalid })
      .int(TALENT_MESSAGES.yearsInvalid)
      .min(0, TALENT_MESSAGES.yearsInvalid)
      .max(60, TALENT_MESSAGES.yearsInvalid)
      .nullable(),
  ),
  employmentStatus: optionalChoice(EMPLOYMENT_STATUSES, TALENT_MESSAGES.employmentStatusInvalid),
  involvement: optionalChoice(INVOLVEMENT_OPTIONS, TALENT_MESSAGES.involvementInvalid),
  skills: chipList().transform(cleanSkillList),
  technicalSkills: chipList().transform(cleanSkillList),
  softwareTools: chipList().transform(cleanSkillList),
  interests: chipList(),
  /** Shown in Find Candidates (default true). */
  discoverable: z.boolean().default(true),
});
export type TalentProfileForm = z.input<typeof talentProfileFormSchema>;
export type TalentProfileInput = z.output<typeof talentProfileFormSchema>;

export const resumeFileInfoSchema = z.object({
  originalName: z.string(),
  kind: z.enum(RESUME_LIMITS.kinds),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type ResumeFileInfo = z.infer<typeof resumeFileInfoSchema>;

/** The job seeker's own profile (GET/PUT /api/talent/profile). */
export const talentProfileSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  linkedin: z.string().nullable(),
  portfolio: z.string().nullable(),
  bio: z.string().nullable(),
  superpower: z.string().nullable(),
  myersBriggs: z.enum(MYERS_BRIGGS_TYPES).nullable(),
  enneagram: z.enum(ENNEAGRAM_TYPES).nullable(),
  achievement: z.string().nullable(),
  title: z.string().nullable(),
  titles: z.array(z.string()),
  industries: z.array(z.string()),
  yearsOfExperience: z.number().int().nullable(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES).nullable(),
  involvement: z.enum(INVOLVEMENT_OPTIONS).nullable(),
  skills: z.array(z.string()),
  technicalSkills: z.array(z.string()),
  softwareTools: z.array(z.string()),
  interests: z.array(z.string()),
  discoverable: z.boolean(),
  rating: z.number().nullable(),
  resume: resumeFileInfoSchema.nullable(),
  jsonResumePdf: parsedResumeSchema.extend({ kind: z.string() }).nullable(),
  completeness: z.object({ percent: z.number().int(), missing: z.array(z.string()) }),
  updatedAt: z.string(),
});
export type TalentProfile = z.infer<typeof talentProfileSchema>;

/** POST /api/talent/resume: the parsed fields for the form to prefill, and the document kind. */
export const resumeUploadResponseSchema = parsedResumeSchema.extend({
  kind: z.enum(RESUME_LIMITS.kinds),
  resume: resumeFileInfoSchema,
});
export type ResumeUploadResponse = z.infer<typeof resumeUploadResponseSchema>;

/** Email, phone and resume: shown to company users only once the talent has a tie to their company. */
export const talentContactSchema = z.object({
  email: z.string(),
  phone: z.string().nullable(),
  hasResume: z.boolean(),
});
export type TalentContact = z.infer<typeof talentContactSchema>;

export const endorsementSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  createdAt: z.string(),
});
export type Endorsement = z.infer<typeof endorsementSchema>;

export const kudosSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  superpower: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  date: z.string(),
});
export type Kudos = z.infer<typeof kudosSchema>;

/** GET /api/talent/:idOrSlug — View Talent Profile. */
export const talentPublicProfileSchema = talentProfileSchema
  .pick({
    id: true,
    slug: true,
    name: true,
    title: true,
    location: true,
    linkedin: true,
    portfolio: true,
    bio: true,
    superpower: true,
    myersBriggs: true,
    enneagram: true,
    achievement: true,
    titles: true,
    industries: true,
    yearsOfExperience: true,
    employmentStatus: true,
    involvement: true,
    skills: true,
    technicalSkills: true,
    softwareTools: true,
    interests: true,
    rating: true,
  })
  .extend({
    contact: talentContactSchema.nullable(),
    endorsements: z.array(endorsementSchema),
    kudos: z.array(kudosSchema),
    viewer: z.object({
      isOwner: z.boolean(),
      canEndorse: z.boolean(),
      hasEndorsed: z.boolean(),
      canSeeContact: z.boolean(),
    }),
  });
export type TalentPublicProfile = z.infer<typeof talentPublicProfileSchema>;

export const talentIdOrSlugParamSchema = z.object({ idOrSlug: z.string().trim().min(1).max(120) });
export const kudosRequestSchema = z.object({
  recommenderEmail: z
    .string({ error: TALENT_MESSAGES.recommenderEmailRequired })
    .trim()
    .min(1, TALENT_MESSAGES.recommenderEmailRequired)
    .max(254, TALENT_MESSAGES.recommenderEmailInvalid)
    .pipe(z.email({ error: TALENT_MESSAGES.recommenderEmailInvalid })),
});
export type KudosRequest = z.input<typeof kudosRequestSchema>;

export const kudosFormSchema = z.object({
  author: z
    .string({ error: TALENT_MESSAGES.kudosAuthorRequired })
    .trim()
    .min(1, TALENT_MESSAGES.kudosAuthorRequired)
    .max(120, TALENT_MESSAGES.tooLong(120)),
  title: optionalText(120),
  company: optionalText(120),
  superpower: optionalText(200),
  rating: z.coerce
    .number({ error: TALENT_MESSAGES.kudosRatingInvalid })
    .int(TALENT_MESSAGES.kudosRatingInvalid)
    .min(1, TALENT_MESSAGES.kudosRatingInvalid)
    .max(5, TALENT_MESSAGES.kudosRatingInvalid),
  text: z
    .string({ error: TALENT_MESSAGES.kudosTextRequired })
    .trim()
    .min(1, TALENT_MESSAGES.kudosTextRequired)
    .max(3000, TALENT_MESSAGES.tooLong(3000)),
});
export type KudosForm = z.input<typeof kudosFormSchema>;
export type KudosInput = z.output<typeof kudosFormSchema>;

/** GET /api/kudos/:token — what the recommender's page shows before writing. */
export const kudosInvitationSchema = z.object({ talentName: z.string(), recommenderEmail: z.string() });
export type KudosInvitation = z.infer<typeof kudosInvitationSchema>;
export const kudosTokenParamSchema = z.object({ token: z.string().min(10).max(100) });
