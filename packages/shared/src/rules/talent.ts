/**
 * The talent slug of SPEC §2: the lowercased name with the first space turned into a hyphen
 * ('Jane Doe' → 'jane-doe'). Further spaces also become hyphens and other characters outside
 * a-z, 0-9 are dropped (accents folded), so the slug is always a clean path segment.
 */
export function talentSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(' ', '-')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return base || 'talent';
}

/** What a complete profile needs for matching and for referrers to judge it, with its weight. */
const COMPLETENESS_PARTS = [
  { key: 'titles', label: 'Professional titles', weight: 15 },
  { key: 'skills', label: 'Skills, technical skills or software', weight: 25 },
  { key: 'location', label: 'Location', weight: 10 },
  { key: 'bio', label: 'Professional summary', weight: 15 },
  { key: 'industries', label: 'Industries', weight: 10 },
  { key: 'employmentStatus', label: 'Employment status', weight: 5 },
  { key: 'resume', label: 'Resume', weight: 10 },
  { key: 'linkedin', label: 'LinkedIn or portfolio', weight: 5 },
  { key: 'interests', label: 'Areas of interest', weight: 5 },
] as const;

export interface CompletenessInput {
  titles: readonly string[];
  skills: readonly string[];
  technicalSkills: readonly string[];
  softwareTools: readonly string[];
  location?: string | null | undefined;
  bio?: string | null | undefined;
  industries: readonly string[];
  employmentStatus?: string | null | undefined;
  hasResume: boolean;
  linkedin?: string | null | undefined;
  portfolio?: string | null | undefined;
  interests: readonly string[];
}

/** Percent of the profile filled (weighted toward what matching reads) and the parts still missing. */
export function profileCompleteness(p: CompletenessInput): { percent: number; missing: string[] } {
  const filled: Record<(typeof COMPLETENESS_PARTS)[number]['key'], boolean> = {
    titles: p.titles.length > 0,
    skills: p.skills.length + p.technicalSkills.length + p.softwareTools.length >= 3,
    location: !!p.location?.trim(),
    bio: !!p.bio?.trim(),
    industries: p.industries.length > 0,
    employmentStatus: !!p.employmentStatus,
    resume: p.hasResume,
    linkedin: !!(p.linkedin?.trim() || p.portfolio?.trim()),
    interests: p.interests.length > 0,
  };
  let percent = 0;
  const missing: string[] = [];
  for (const part of COMPLETENESS_PARTS) {
    if (filled[part.key]) percent += part.weight;
    else missing.push(part.label);
  }
  return { percent, missing };
}

/** Years of experience as shown ('1 year', '6 years'); null when the person has not stated them. */
export function experienceText(years: number | null): string | null {
  if (years === null) return null;
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}
