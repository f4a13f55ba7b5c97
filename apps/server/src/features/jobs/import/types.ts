/** The imported job data fields (SPEC §3, 'Imported job data fields read'). Missing values are ''. */
export interface ImportedJob {
  title: string;
  company: string;
  location: string;
  job_type: string;
  description: string;
  responsibilities: string;
  requirements: string;
  salary_range: string;
  application_url: string;
  contact_email: string;
  deadline: string;
  skills: string[];
}

export type ImportSource = 'json-ld' | 'microdata' | 'page';

export interface ImportResult {
  job: ImportedJob;
  source: ImportSource;
}

/** Field length caps, matching the job form's limits (packages/shared/src/schemas/jobs.ts). */
export const FIELD_CAPS = {
  title: 160,
  company: 160,
  location: 160,
  job_type: 20,
  description: 20_000,
  responsibilities: 20_000,
  requirements: 20_000,
  salary_range: 120,
  application_url: 2048,
  contact_email: 254,
  deadline: 10,
} as const satisfies Record<Exclude<keyof ImportedJob, 'skills'>, number>;
