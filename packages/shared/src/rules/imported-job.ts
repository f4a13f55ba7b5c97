import { EMPLOYMENT_TYPES, type EmploymentType, type JobForm } from '../schemas/jobs';
import type { ImportedJob } from '../schemas/jobs-import';

/** An imported job type ("Full Time", "full_time", "Contractor"...) as one of ours, when it resembles one. */
export function employmentTypeFrom(raw: string | null | undefined): EmploymentType | undefined {
  if (!raw) return undefined;
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const exact = EMPLOYMENT_TYPES.find((type) => type === text || type.replace('-', '') === text);
  if (exact) return exact;
  if (text.includes('full')) return 'full-time';
  if (text.includes('part')) return 'part-time';
  if (text.includes('contract')) return 'contract';
  if (text.includes('intern')) return 'internship';
  if (text.includes('freelance')) return 'freelance';
  return undefined;
}

/** A date for an <input type="date"> (yyyy-mm-dd), or '' when the text is not a date. */
export function dateInputValue(raw: string | null | undefined): string {
  if (!raw) return '';
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(raw.trim());
  if (iso?.[1]) return iso[1];
  const parsed = new Date(raw);
  if (Number.isNaN(parsed.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
}

/**
 * Imported job details laid over the current job form values; fields the import did not find keep what was there.
 * The one reading of an import as a job: the post-job form's "Import" and the crawled job sources (job-import).
 */
export function importedToForm(current: JobForm, data: ImportedJob): JobForm {
  const text = (value: string | null | undefined, fallback: string | undefined) =>
    value?.trim() ? value.trim() : (fallback ?? '');
  const skills = [...new Set((data.skills ?? []).map((skill) => skill.trim()).filter(Boolean))];
  return {
    ...current,
    title: text(data.title, current.title),
    company: text(data.company, current.company),
    location: text(data.location, current.location),
    employmentType: employmentTypeFrom(data.job_type) ?? current.employmentType,
    description: text(data.description, current.description),
    responsibilities: text(data.responsibilities, current.responsibilities),
    requirements: text(data.requirements, current.requirements),
    skills: skills.length > 0 ? skills : (current.skills ?? []),
    salary: text(data.salary_range, current.salary),
    deadline: dateInputValue(data.deadline) || (current.deadline ?? ''),
    applicationUrl: text(data.application_url, current.applicationUrl),
    contactEmail: text(data.contact_email, current.contactEmail),
  };
}
