import type { ImportedJob } from '@referwell/shared';

/** The imported job data fields (SPEC §3): the shared contract (packages/shared/src/schemas/jobs-import.ts). */
export type { ImportedJob };

export type ImportSource = 'json-ld' | 'microdata' | 'page';

export interface ImportResult {
  job: ImportedJob;
  source: ImportSource;
  /** Fields read from weak evidence (page reading only): shown to the user as needing attention. */
  uncertain?: (keyof ImportedJob)[];
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
