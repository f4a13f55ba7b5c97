import type { ArticleCategory, ArticleTeaser } from './types';

/**
 * Every article's card — what listings, "Keep reading" and the page metadata show — company articles first, each
 * category in its listing order (ARTICLE_SLUGS). An article's text is its own module (`./<category>/<slug>.ts`),
 * loaded only with that article's page.
 */
export const ARTICLE_TEASERS: readonly ArticleTeaser[] = [
  {
    slug: 'hiring-best-practices',
    category: 'companies',
    badge: 'Hiring',
    title: 'Hiring Best Practices for Healthcare Technology Companies',
    description:
      'A practical hiring process for health tech teams: define the role, use employee referrals well, structure every stage, and verify credentials before the offer.',
  },
  {
    slug: 'interview-guides',
    category: 'companies',
    badge: 'Interviewing',
    title: 'Structured Interview Guides for Health Tech Teams',
    description:
      'How to build a structured interview for clinical, technical and hybrid roles, with sample questions, lawful boundaries and a fair way to decide.',
  },
  {
    slug: 'job-description-templates',
    category: 'companies',
    badge: 'Job Descriptions',
    title: 'Job Description Templates for Healthcare Technology Roles',
    description:
      'Write job descriptions that attract the right candidates and give referrers something concrete to share, with a reusable template and a worked example.',
  },
  {
    slug: 'candidate-assessment',
    category: 'companies',
    badge: 'Assessment',
    title: 'Assessing Candidates Fairly and Effectively',
    description:
      'Choose assessments that mirror the real work, protect patient data while doing it, weigh referral signals sensibly, and score every candidate consistently.',
  },
  {
    slug: 'employee-onboarding',
    category: 'companies',
    badge: 'Onboarding',
    title: 'Onboarding New Hires in Healthcare Technology',
    description:
      'Turn a new hire into a confident, compliant contributor: preparation before day one, privacy and security training, clinical context, and a 30-60-90 day plan.',
  },
  {
    slug: 'performance-management',
    category: 'companies',
    badge: 'Performance',
    title: 'Performance Management That Helps People Grow',
    description:
      'Set clear expectations, give continuous feedback, measure what matters in health tech, run fair reviews and handle underperformance with care.',
  },
  {
    slug: 'team-building',
    category: 'companies',
    badge: 'Team Culture',
    title: 'Building High-Trust Health Tech Teams',
    description:
      'Combine clinical and technical strengths, build shared understanding, make it safe to raise problems, and keep distributed teams connected.',
  },
  {
    slug: 'hr-policies',
    category: 'companies',
    badge: 'HR Policy',
    title: 'Essential HR Policies for Health Tech Companies',
    description:
      'The policies a growing healthcare technology company needs, including privacy and security, a clear employee referral program, and wage-and-hour basics.',
  },
  {
    slug: 'personal-branding',
    category: 'job-seekers',
    badge: 'Personal Branding',
    title: 'Personal Branding for Healthcare Technology Professionals',
    description:
      'Shape a clear, credible professional story that hiring teams and referrers at healthcare technology companies can repeat on your behalf.',
  },
  {
    slug: 'networking-strategies',
    category: 'job-seekers',
    badge: 'Networking',
    title: 'Networking Strategies That Lead to Referrals',
    description:
      'Build genuine relationships with people inside healthcare technology companies, and learn how to ask for a referral in a way that makes yes easy.',
  },
  {
    slug: 'interview-preparation',
    category: 'job-seekers',
    badge: 'Interviewing',
    title: 'Interview Preparation for Healthcare Technology Roles',
    description:
      'Prepare for every stage of a healthcare technology interview loop, from the recruiter screen to the clinical panel, with stories, domain knowledge and good questions.',
  },
  {
    slug: 'resume-writing',
    category: 'job-seekers',
    badge: 'Resumes',
    title: 'Resume Writing for Healthcare Technology Careers',
    description:
      'Write a resume that shows outcomes, names the systems and standards you know, and passes both applicant tracking systems and busy hiring managers.',
  },
];

/** The cards of one category, in listing order. */
export function teasersIn(category: ArticleCategory): ArticleTeaser[] {
  return ARTICLE_TEASERS.filter((teaser) => teaser.category === category);
}

/** The card of the article at /resources/{category}/articles/{slug}, or undefined when there is none. */
export function findTeaser(category: ArticleCategory, slug: string | undefined): ArticleTeaser | undefined {
  if (!slug) return undefined;
  return ARTICLE_TEASERS.find((teaser) => teaser.category === category && teaser.slug === slug);
}
