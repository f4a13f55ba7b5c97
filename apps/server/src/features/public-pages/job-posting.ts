import type { EmploymentType, Job } from '@referwell/shared';
import { escapeHtml, paragraphsHtml } from '../../lib/html';
import { placeParts, remoteCountry } from './location';

/** Google's employmentType values for ours. */
const GOOGLE_EMPLOYMENT_TYPE: Record<EmploymentType, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
  freelance: 'CONTRACTOR',
};

/** How long an open job without a deadline is said to stay valid, from each time its page is read. */
export const OPEN_JOB_VALID_DAYS = 30;
/** Remote jobs that name no country hire where the product does. */
export const DEFAULT_REMOTE_COUNTRY = 'US';

export interface JobPostingContext {
  /** The site's origin ('https://referwell.example'). */
  origin: string;
  companyWebsite: string | null;
  now?: Date;
  /** The page the posting is read on, when not the site's job page (a company's careers portal). */
  url?: string;
  /** The company's own logo, when it uploaded one (else the site's monogram). */
  logo?: string;
}

/** Lines of a multi-line text without list markers, as an HTML list. */
function listHtml(text: string): string {
  const items = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);
  return `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

/** The posting's full text as HTML, as Google asks for `description`. */
export function descriptionHtml(job: Pick<Job, 'description' | 'responsibilities' | 'requirements'>): string {
  return [
    paragraphsHtml(job.description),
    job.responsibilities ? `<h3>Responsibilities</h3>${listHtml(job.responsibilities)}` : '',
    `<h3>Requirements</h3>${paragraphsHtml(job.requirements)}`,
  ].join('');
}

function validThrough(job: Pick<Job, 'deadline'>, now: Date): string {
  if (job.deadline) return `${job.deadline}T23:59:59Z`;
  return new Date(now.getTime() + OPEN_JOB_VALID_DAYS * 86_400_000).toISOString();
}

function locationProperties(job: Pick<Job, 'location' | 'workplace'>): Record<string, unknown> {
  if (job.workplace === 'remote') {
    return {
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: {
        '@type': 'Country',
        name: remoteCountry(job.location) ?? DEFAULT_REMOTE_COUNTRY,
      },
    };
  }
  const place = placeParts(job.location);
  const address: Record<string, string> = { '@type': 'PostalAddress' };
  if (place.city) address.addressLocality = place.city;
  if (place.region) address.addressRegion = place.region;
  address.addressCountry = place.country ?? DEFAULT_REMOTE_COUNTRY;
  return { jobLocation: { '@type': 'Place', address } };
}

/** The logo the site serves for a company (see logo.ts). */
export const companyLogoPath = (slug: string) => `/company-logos/${encodeURIComponent(slug)}.svg`;

/**
 * schema.org JobPosting for an open job (https://developers.google.com/search/docs/appearance/structured-data/job-posting):
 * every required and recommended property Google lists. Closed jobs carry none.
 */
export function jobPosting(job: Job, { origin, companyWebsite, now = new Date(), url, logo }: JobPostingContext) {
  const salary = job.pay;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job),
    datePosted: job.createdAt,
    validThrough: validThrough(job, now),
    employmentType: GOOGLE_EMPLOYMENT_TYPE[job.employmentType],
    hiringOrganization: {
      '@type': 'Organization',
      name: job.companyName,
      sameAs: companyWebsite ?? `${origin}/company/${encodeURIComponent(job.companySlug)}`,
      logo: logo ?? `${origin}${companyLogoPath(job.companySlug)}`,
    },
    ...locationProperties(job),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            // A salary that names no currency or period is dollars a year (payOf, features/jobs/pay-transparency.ts).
            currency: salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              minValue: salary.min,
              maxValue: salary.max,
              unitText: salary.period,
            },
          },
        }
      : {}),
    identifier: { '@type': 'PropertyValue', name: job.companyName, value: job.id },
    // Applying happens on this page unless the posting sends people to the company's own site.
    directApply: !job.applicationUrl && !job.applyAt,
    url: url ?? `${origin}/job/${job.id}`,
  };
}
