/** Skills compare without case and surrounding spaces ('fhir ' = 'FHIR'). */
export const skillKey = (skill: string) => skill.trim().toLowerCase();

/**
 * SPEC §9 match score: the percent of a job's skills that the person has, rounded to a whole
 * number. A job with no skills matches nobody (0).
 */
export function matchScore(jobSkills: readonly string[], personSkills: readonly string[]): number {
  const wanted = new Set(jobSkills.map(skillKey).filter(Boolean));
  if (wanted.size === 0) return 0;
  const has = new Set(personSkills.map(skillKey));
  let matched = 0;
  for (const skill of wanted) if (has.has(skill)) matched++;
  return Math.round((matched * 100) / wanted.size);
}
