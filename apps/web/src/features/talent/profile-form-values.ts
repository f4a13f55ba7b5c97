import type { ResumeUploadResponse, TalentProfile, TalentProfileForm } from '@referwell/shared';

/** The Edit Profile form's values for a saved profile (empty strings for missing text, so inputs stay controlled). */
export function profileToForm(p: TalentProfile): TalentProfileForm {
  return {
    name: p.name,
    phone: p.phone ?? '',
    location: p.location ?? '',
    linkedin: p.linkedin ?? '',
    portfolio: p.portfolio ?? '',
    bio: p.bio ?? '',
    superpower: p.superpower ?? '',
    myersBriggs: p.myersBriggs ?? '',
    enneagram: p.enneagram ?? '',
    achievement: p.achievement ?? '',
    titles: p.titles,
    industries: p.industries,
    yearsOfExperience: p.yearsOfExperience,
    employmentStatus: p.employmentStatus ?? '',
    involvement: p.involvement ?? '',
    skills: p.skills,
    technicalSkills: p.technicalSkills,
    softwareTools: p.softwareTools,
    interests: p.interests,
    discoverable: p.discoverable,
  };
}

const mergeList = (current: string[] | undefined, parsed: string[]) => {
  const seen = new Set((current ?? []).map((v) => v.toLowerCase()));
  return [...(current ?? []), ...parsed.filter((v) => !seen.has(v.toLowerCase()))];
};

/** Parsed resume values laid over the form: found values replace empty fields' text, lists are merged. */
export function parsedToForm(current: TalentProfileForm, parsed: ResumeUploadResponse): TalentProfileForm {
  const text = (value: string | null, fallback: string | null | undefined) =>
    value?.trim() ? value.trim() : (fallback ?? '');
  return {
    ...current,
    name: text(parsed.name, current.name),
    phone: text(parsed.phone, current.phone),
    location: text(parsed.location, current.location),
    linkedin: text(parsed.linkedin, current.linkedin),
    portfolio: text(parsed.portfolio, current.portfolio),
    bio: text(parsed.summary, current.bio),
    titles: mergeList(current.titles, parsed.titles).slice(0, 10),
    industries: mergeList(current.industries, parsed.industries),
    skills: mergeList(current.skills, parsed.skills),
    softwareTools: mergeList(current.softwareTools, parsed.softwareTools),
    yearsOfExperience: parsed.yearsOfExperience ?? current.yearsOfExperience,
  };
}
