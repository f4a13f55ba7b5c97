import { z } from 'zod';

/** Upload limits for resumes (SPEC §2 Edit Profile: PDF, DOC, DOCX). */
export const RESUME_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Accepted file kinds, decided by content (magic bytes / zip structure), never by file name. */
  kinds: ['pdf', 'docx', 'doc'] as const,
  /** What the file input accepts (a hint for the picker only; the server checks content). */
  accept:
    '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export type ResumeKind = (typeof RESUME_LIMITS.kinds)[number];

/** Messages for resume upload and parsing; the toasts of SPEC §6 'Resume' plus the server's refusals. */
export const RESUME_MESSAGES = {
  parsing: 'Parsing resume...',
  parsedTitle: 'Resume Parsed Successfully',
  parsedPdf: 'We filled in your profile from your resume. Review it and press Save Changes to keep it.',
  parsedOther: 'We filled in your profile from your resume. Review it and press Save Changes to keep it.',
  saveFailedTitle: 'Error Saving Resume Data',
  saveFailed: 'There was an error saving your resume data. Please try again.',
  parseFailedTitle: 'Error Parsing Resume',
  parseFailed: 'There was an error extracting information from your resume.',
  parseFailedOther:
    'There was an error extracting information from your resume. Please try again or fill in the information manually.',
  // Server refusals (the message of the 4xx answer).
  tooLarge: 'Resumes can be at most 5 MB. Please upload a smaller file (for example, save it as PDF without images).',
  empty: 'The file is empty. Please choose your resume file (PDF, DOC or DOCX).',
  unsupportedType:
    'This file is not a PDF, DOC or DOCX document. Please upload your resume in one of these formats (the file name alone does not count).',
  damaged:
    'We could not read this file; it may be damaged or password-protected. Please save it again as PDF or DOCX and retry.',
  tooComplex:
    'This file is too large or too complex to read safely once unpacked. Please save it again as a simple PDF or DOCX and retry.',
  timeout: 'Reading this resume took too long. Please save it again as a simple PDF or DOCX and retry.',
} as const;

const nullableText = z.string().nullable();

export const parsedWorkSchema = z.object({
  employer: z.string(),
  title: z.string(),
  /** 'YYYY-MM' or 'YYYY' when only the year is known. */
  startDate: nullableText,
  /** 'YYYY-MM', 'YYYY', or 'Present'. */
  endDate: nullableText,
});

export const parsedEducationSchema = z.object({
  institution: z.string(),
  degree: nullableText,
  endDate: nullableText,
});

/** Fields extracted from a resume, for the Edit Profile form (SPEC §3 Talent profile) to prefill. */
export const parsedResumeSchema = z.object({
  name: nullableText,
  email: nullableText,
  phone: nullableText,
  location: nullableText,
  linkedin: nullableText,
  portfolio: nullableText,
  titles: z.array(z.string()),
  yearsOfExperience: z.number().nullable(),
  skills: z.array(z.string()),
  softwareTools: z.array(z.string()),
  industries: z.array(z.string()),
  summary: nullableText,
  work: z.array(parsedWorkSchema),
  education: z.array(parsedEducationSchema),
});

export type ParsedResume = z.infer<typeof parsedResumeSchema>;
export type ParsedWork = z.infer<typeof parsedWorkSchema>;
export type ParsedEducation = z.infer<typeof parsedEducationSchema>;
