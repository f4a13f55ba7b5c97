import { z } from 'zod';
import { PAGINATION } from '../constants';
import { parsedResumeSchema, RESUME_LIMITS } from './resume';
import { cleanSkillList } from '../skills';

export * from '../rules/match';
export * from '../rules/talent';

/** Current employment status on the profile (SPEC §5), value → label. */
export const EMPLOYMENT_STATUSES = ['full-time', 'part-time', 'freelance', 'looking', 'open'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = {
  'full-time': 'Full-time employed',
  'part-time': 'Part-time',
  freelance: 'Freelancing',
  looking: 'Actively looking',
  open: 'Open to opportunities',
};

/** The kind of work a talent wants (Talent.involvement, a Find Candidates filter). */
export const INVOLVEMENT_OPTIONS = ['full-time', 'part-time', 'contract', 'freelance'] as const;
export type Involvement = (typeof INVOLVEMENT_OPTIONS)[number];
export const INVOLVEMENT_LABELS: Record<Involvement, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  freelance: 'Freelance',
};

export const MYERS_BRIGGS_TYPES = [
  'INTJ',
  'INTP',
  'ENTJ',
  'ENTP',
  'INFJ',
  'INFP',
  'ENFJ',
  'ENFP',
  'ISTJ',
  'ISFJ',
  'ESTJ',
  'ESFJ',
  'ISTP',
  'ISFP',
  'ESTP',
  'ESFP',
] as const;
export type MyersBriggsType = (typeof MYERS_BRIGGS_TYPES)[number];

export const ENNEAGRAM_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type EnneagramType = (typeof ENNEAGRAM_TYPES)[number];
export const ENNEAGRAM_LABELS: Record<EnneagramType, string> = {
  '1': 'Type 1 – The Reformer',
  '2': 'Type 2 – The Helper',
  '3': 'Type 3 – The Achiever',
  '4': 'Type 4 – The Individualist',
  '5': 'Type 5 – The Investigator',
  '6': 'Type 6 – The Loyalist',
  '7': 'Type 7 – The Enthusiast',
  '8': 'Type 8 – The Challenger',
  '9': 'Type 9 – The Peacemaker',
};

export const KUDOS_REQUEST_TTL_DAYS = 30;

/** Texts of the talent screens (SPEC §2, §5, §8) and the server's refusals. */
export const TALENT_MESSAGES = {
  nameRequired: 'Please enter your name',
  urlInvalid: 'Please enter a valid URL',
  linkedinInvalid: 'Please enter a valid LinkedIn URL (https://www.linkedin.com/in/...)',
  phoneInvalid: 'Please enter a valid phone number',
  yearsInvalid: 'Years of experience must be a whole number from 0 to 60',
  employmentStatusInvalid: 'Please choose an employment status from the list',
  involvementInvalid: 'Please choose an involvement from the list',
  myersBriggsInvalid: 'Please choose a Myers-Briggs type from the list',
  enneagramInvalid: 'Please choose an Enneagram type from the list',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  tooManyItems: (max: number) => `Please add at most ${max} entries`,
  savedTitle: 'Profile updated',
  saved: 'Your profile has been saved.',
  saveFailedTitle: 'Error',
  saveFailed: 'Failed to save your profile. Please try again.',
  linkedinRequiredTitle: 'LinkedIn URL Required',
  linkedinRequired: 'Please enter your LinkedIn profile URL first.',
  linkedinSoonTitle: 'LinkedIn Integration',
  linkedinSoon: 'Importing your LinkedIn profile requires authentication. This feature will be available soon.',
  onlyJobseekers: 'Only job seekers have a talent profile.',
  loading: 'Loading profile...',
  notFound: 'Talent profile not found.',
  notAllowedToView: 'Only company users can view other talent profiles.',
  endorsedTitle: 'Endorsement Added',
  endorsed: (company: string) => `${company} endorsed this talent.`,
  alreadyEndorsed: 'Your company has already endorsed this talent.',
  onlyCompaniesEndorse: 'Only referrers and admins of a company can endorse talent.',
  searchOnlyCompanies: 'Only referrers and company admins can search candidates.',
  jobNotYours: "Choose one of your company's jobs to match candidates against.",
  filtersAppliedTitle: 'Filters Applied',
  filtersApplied: (n: number) => `Showing candidates matching ${n} job skills`,
  noCandidates: 'No candidates match these filters. Remove a filter or change the search.',
  contactHidden: 'Contact details show once this talent applies to or asks for a referral to one of your jobs.',
  resumeNotFound: 'No resume found.',
  resumeForbidden: 'You cannot download this resume.',
  // Kudos (SPEC §2 Job seeker dashboard, §5, §8).
  recommenderEmailRequired: "Please enter your recommender's email",
  recommenderEmailInvalid: 'Please enter a valid email address',
  requestSentTitle: 'Request Sent',
  requestSent: 'Your kudos request has been sent successfully.',
  requestFailed: 'Failed to send your kudos request. Please try again.',
  cannotRequestSelf: 'Ask someone else for kudos: this is your own email address.',
  kudosLinkInvalid: 'This kudos link is invalid, has expired or was already used.',
  kudosAuthorRequired: 'Please enter your name',
  kudosTextRequired: 'Please write a few words about this person',
  kudosRatingInvalid: 'Please choose a rating from 1 to 5 stars',
  kudosSentTitle: 'Kudos Sent',
  kudosSent: 'Thank you! Your kudos now shows on their profile.',
  noKudos: 'No kudos yet. Ask a former manager or colleague for one.',
} as const;

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

/** A filter list as repeated query parameters (`skills=Epic&skills=SQL`): values may hold commas ('Boston, MA'). */
const repeatedList = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => [
      ...new Set((v === undefined ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean)),
    ])
    .pipe(z.array(z.string().max(80)).max(max));

/** Find Candidates filters (SPEC §5 'Candidate filtering'). */
export const FILTER_CATEGORIES = [
  'locations',
  'involvement',
  'skills',
  'technicalSkills',
  'softwareTools',
  'industries',
  'interests',
  'titles',
] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];
export const FILTER_LABELS: Record<FilterCategory, string> = {
  locations: 'Location',
  involvement: 'Involvement',
  skills: 'Skills',
  technicalSkills: 'Technical Skills',
  softwareTools: 'Software & Tools',
  industries: 'Industries',
  interests: 'Areas of Interest',
  titles: 'Professional Titles',
};

export const candidateSearchQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  locations: repeatedList(30),
  involvement: repeatedList(10).pipe(z.array(z.enum(INVOLVEMENT_OPTIONS))),
  skills: repeatedList(30),
  technicalSkills: repeatedList(30),
  softwareTools: repeatedList(30),
  industries: repeatedList(30),
  interests: repeatedList(30),
  titles: repeatedList(30),
  /** Rank by the SPEC §9 match score for one of the viewer's company's jobs (minimum 30 %). */
  jobId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGINATION.maxPageSize).default(12),
});
export type CandidateSearchQuery = z.input<typeof candidateSearchQuerySchema>;
export type CandidateSearchFilters = z.output<typeof candidateSearchQuerySchema>;

export const talentCardSchema = talentPublicProfileSchema
  .pick({
    id: true,
    slug: true,
    name: true,
    title: true,
    location: true,
    rating: true,
    skills: true,
    technicalSkills: true,
    softwareTools: true,
    industries: true,
    interests: true,
    titles: true,
    involvement: true,
    yearsOfExperience: true,
    contact: true,
  })
  .extend({ matchScore: z.number().int().nullable() });
export type TalentCard = z.infer<typeof talentCardSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;
export const candidateFacetsSchema = z.object(
  Object.fromEntries(FILTER_CATEGORIES.map((c) => [c, z.array(facetValueSchema)])) as Record<
    FilterCategory,
    z.ZodArray<typeof facetValueSchema>
  >,
);
export type CandidateFacets = z.infer<typeof candidateFacetsSchema>;

export const candidateSearchResponseSchema = z.object({
  items: z.array(talentCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Counting stopped at `total`: there are at least that many matches ("1,000+"). */
  totalIsLowerBound: z.boolean(),
  totalPages: z.number().int(),
  /** Filter options with how many discoverable talents have each (the whole pool). */
  facets: candidateFacetsSchema,
  /** The job the results are ranked for, when jobId was given. */
  job: z.object({ id: z.uuid(), title: z.string(), skills: z.array(z.string()) }).nullable(),
});
export type CandidateSearchResponse = z.infer<typeof candidateSearchResponseSchema>;

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
