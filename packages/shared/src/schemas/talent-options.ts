/** The fixed choices of a talent profile (SPEC §5), each value with its label. */

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
