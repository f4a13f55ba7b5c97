// The voluntary self-identification invitations a company may offer its applicants (issue 36), kept as data. The
// wording of the OFCCP forms must not be altered (CC-305: "may not otherwise materially alter this form"), so the
// texts below are the forms' own words; the web shows them as they are and the server refuses any answer that is not
// one of their choices. Sources and versions: docs/decisions/0034-self-identification-and-retention.md.

export const SELF_ID_FORMS = ['eeo1', 'disability', 'veteran'] as const;
export type SelfIdForm = (typeof SELF_ID_FORMS)[number];

export const SELF_ID_QUESTIONS = ['sex', 'race', 'disability', 'veteran'] as const;
export type SelfIdQuestion = (typeof SELF_ID_QUESTIONS)[number];

/** The value of "I do not wish to answer" in every question (its words are each form's own). */
export const SELF_ID_DECLINE = 'decline';

export interface SelfIdChoice {
  value: string;
  label: string;
  /** The form's definition of the choice, where it gives one (EEO-1 race and ethnicity). */
  description?: string;
}

export interface SelfIdQuestionText {
  key: SelfIdQuestion;
  label: string;
  choices: readonly SelfIdChoice[];
}

export interface SelfIdFormText {
  form: SelfIdForm;
  title: string;
  /** Where the wording comes from: form number, control number and its date. */
  source: string;
  /** Which edition of the wording this is; kept with each answer. */
  version: string;
  paragraphs: readonly string[];
  /** A list the form shows (the CC-305's examples of disabilities, the VEVRAA classifications). */
  list?: { heading: string; items: readonly string[] };
  questions: readonly SelfIdQuestionText[];
  /** Text the form shows after its questions (the burden statement, reasonable accommodation). */
  footer?: readonly string[];
}

const EEO1: SelfIdFormText = {
  form: 'eeo1',
  title: 'Voluntary Self-Identification (EEO-1)',
  source: 'EEO-1 Component 1 Instruction Booklet, Appendix: race and ethnic identification categories (EEOC)',
  version: 'eeo1-2023',
  paragraphs: [
    'Completion of this form is voluntary. The information you provide will be used for reporting to the Equal Employment Opportunity Commission and will be kept confidential and apart from your application. Refusal to provide it will not subject you to any adverse treatment.',
  ],
  questions: [
    {
      key: 'sex',
      label: 'Sex',
      choices: [
        { value: 'male', label: 'Male' },
        { value: 'female', label: 'Female' },
        { value: SELF_ID_DECLINE, label: 'I do not wish to answer' },
      ],
    },
    {
      key: 'race',
      label: 'Race/Ethnicity',
      choices: [
        {
          value: 'hispanic_latino',
          label: 'Hispanic or Latino',
          description:
            'A person of Cuban, Mexican, Puerto Rican, South or Central American, or other Spanish culture or origin regardless of race.',
        },
        {
          value: 'white',
          label: 'White (Not Hispanic or Latino)',
          description:
            'A person having origins in any of the original peoples of Europe, the Middle East, or North Africa.',
        },
        {
          value: 'black',
          label: 'Black or African American (Not Hispanic or Latino)',
          description: 'A person having origins in any of the black racial groups of Africa.',
        },
        {
          value: 'native_hawaiian_pacific_islander',
          label: 'Native Hawaiian or Other Pacific Islander (Not Hispanic or Latino)',
          description:
            'A person having origins in any of the peoples of Hawaii, Guam, Samoa, or other Pacific Islands.',
        },
        {
          value: 'asian',
          label: 'Asian (Not Hispanic or Latino)',
          description:
            'A person having origins in any of the original peoples of the Far East, Southeast Asia, or the Indian Subcontinent, including, for example, Cambodia, China, India, Japan, Korea, Malaysia, Pakistan, the Philippine Islands, Thailand, and Vietnam.',
        },
        {
          value: 'american_indian_alaska_native',
          label: 'American Indian or Alaska Native (Not Hispanic or Latino)',
          description:
            'A person having origins in any of the original peoples of North and South America (including Central America) and who maintain tribal affiliation or community attachment.',
        },
        {
          value: 'two_or_more',
          label: 'Two or More Races (Not Hispanic or Latino)',
          description: 'All persons who identify with more than one of the above five races.',
        },
        { value: SELF_ID_DECLINE, label: 'I do not wish to answer' },
      ],
    },
  ],
};

const CC305: SelfIdFormText = {
  form: 'disability',
  title: 'Voluntary Self-Identification of Disability',
  source: 'Form CC-305, OMB Control Number 1250-0005, Expires 04/30/2026 (OFCCP, U.S. Department of Labor)',
  version: 'cc305-2023-04',
  paragraphs: [
    'Why are you being asked to complete this form?',
    'We are a federal contractor or subcontractor. The law requires us to provide equal employment opportunity to qualified people with disabilities. We have a goal of having at least 7% of our workers as people with disabilities. The law says we must measure our progress towards this goal. To do this, we must ask applicants and employees if they have a disability or have ever had one. People can become disabled, so we need to ask this question at least every five years.',
    "Completing this form is voluntary, and we hope that you will choose to do so. Your answer is confidential. No one who makes hiring decisions will see it. Your decision to complete the form and your answer will not harm you in any way. If you want to learn more about the law or this form, visit the U.S. Department of Labor's Office of Federal Contract Compliance Programs (OFCCP) website at www.dol.gov/ofccp.",
    'How do you know if you have a disability?',
    'A disability is a condition that substantially limits one or more of your "major life activities." If you have or have ever had such a condition, you are a person with a disability.',
  ],
  list: {
    heading: 'Disabilities include, but are not limited to:',
    items: [
      'Alcohol or other substance use disorder (not currently using drugs illegally)',
      'Autoimmune disorder, for example, lupus, fibromyalgia, rheumatoid arthritis, HIV/AIDS',
      'Blind or low vision',
      'Cancer (past or present)',
      'Cardiovascular or heart disease',
      'Celiac disease',
      'Cerebral palsy',
      'Deaf or serious difficulty hearing',
      'Diabetes',
      'Disfigurement, for example, disfigurement caused by burns, wounds, accidents, or congenital disorders',
      'Epilepsy or other seizure disorder',
      "Gastrointestinal disorders, for example, Crohn's Disease, irritable bowel syndrome",
      'Intellectual or developmental disability',
      'Mental health conditions, for example, depression, bipolar disorder, anxiety disorder, schizophrenia, PTSD',
      'Missing limbs or partially missing limbs',
      'Mobility impairment, benefiting from the use of a wheelchair, scooter, walker, leg brace(s) and/or other supports',
      "Nervous system condition, for example, migraine headaches, Parkinson's disease, multiple sclerosis (MS)",
      'Neurodivergence, for example, attention-deficit/hyperactivity disorder (ADHD), autism spectrum disorder, dyslexia, dyspraxia, other learning disabilities',
      'Partial or complete paralysis (any cause)',
      'Pulmonary or respiratory conditions, for example, tuberculosis, asthma, emphysema',
      'Short stature (dwarfism)',
      'Traumatic brain injury',
    ],
  },
  questions: [
    {
      key: 'disability',
      label: 'Please check one of the boxes below:',
      choices: [
        { value: 'yes', label: 'Yes, I have a disability, or have had one in the past' },
        { value: 'no', label: 'No, I do not have a disability and have not had one in the past' },
        { value: SELF_ID_DECLINE, label: 'I do not want to answer' },
      ],
    },
  ],
  footer: [
    'PUBLIC BURDEN STATEMENT: According to the Paperwork Reduction Act of 1995 no persons are required to respond to a collection of information unless such collection displays a valid OMB control number. This survey should take about 5 minutes to complete.',
  ],
};

const VEVRAA: SelfIdFormText = {
  form: 'veteran',
  title: 'Invitation to Self-Identify as a Protected Veteran',
  source:
    '41 CFR Part 60-300, Appendix B (sample pre-offer invitation under VEVRAA, 38 U.S.C. 4212; 41 CFR 60-300.42(a))',
  version: 'vevraa-60-300-appendix-b',
  paragraphs: [
    'This employer is a Government contractor subject to the Vietnam Era Veterans’ Readjustment Assistance Act of 1974, as amended by the Jobs for Veterans Act of 2002, 38 U.S.C. 4212 (VEVRAA), which requires Government contractors to take affirmative action to employ and advance in employment protected veterans.',
    'To help us measure the effectiveness of our outreach and recruitment efforts of protected veterans, we are asking you to tell us if you are a veteran covered by VEVRAA. Completing this form is completely voluntary, and any answer you provide will be kept confidential and will not be used in a manner inconsistent with VEVRAA. Your refusal to provide this information will not subject you to any adverse treatment.',
  ],
  list: {
    heading: 'Classifications of protected veterans:',
    items: [
      'Disabled veteran: a veteran of the U.S. military, ground, naval or air service who is entitled to compensation (or who but for the receipt of military retired pay would be entitled to compensation) under laws administered by the Secretary of Veterans Affairs; or a person who was discharged or released from active duty because of a service-connected disability.',
      'Recently separated veteran: any veteran during the three-year period beginning on the date of such veteran’s discharge or release from active duty in the U.S. military, ground, naval, or air service.',
      'Active duty wartime or campaign badge veteran: a veteran who served on active duty in the U.S. military, ground, naval or air service during a war, or in a campaign or expedition for which a campaign badge has been authorized under the laws administered by the Department of Defense.',
      'Armed forces service medal veteran: a veteran who, while serving on active duty in the U.S. military, ground, naval or air service, participated in a United States military operation for which an Armed Forces service medal was awarded pursuant to Executive Order 12985.',
    ],
  },
  questions: [
    {
      key: 'veteran',
      label: 'Protected veteran status',
      choices: [
        { value: 'protected', label: 'I identify as one or more of the classifications of protected veteran' },
        { value: 'not_protected', label: 'I am not a protected veteran' },
        { value: SELF_ID_DECLINE, label: 'I do not wish to answer' },
      ],
    },
  ],
};

export const SELF_ID_FORM_TEXTS: Record<SelfIdForm, SelfIdFormText> = {
  eeo1: EEO1,
  disability: CC305,
  veteran: VEVRAA,
};

/** The question → form it belongs to. */
export const SELF_ID_QUESTION_FORM: Record<SelfIdQuestion, SelfIdForm> = {
  sex: 'eeo1',
  race: 'eeo1',
  disability: 'disability',
  veteran: 'veteran',
};

export type SelfIdAnswers = Partial<Record<SelfIdQuestion, string>>;

/**
 * Why `answers` cannot be kept for a company offering `forms`, or null when they can: every question answered must
 * belong to an offered form and its value must be one of that question's choices. A question left out is recorded
 * as not answered (the whole step is voluntary).
 */
export function selfIdAnswerProblems(
  answers: Record<string, unknown>,
  forms: readonly SelfIdForm[],
): Record<string, string> | null {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined) continue;
    if (!(SELF_ID_QUESTIONS as readonly string[]).includes(key)) {
      problems[key] = 'This question is not on the form.';
      continue;
    }
    const question = key as SelfIdQuestion;
    const form = SELF_ID_QUESTION_FORM[question];
    if (!forms.includes(form)) {
      problems[key] = 'This company does not offer this form.';
      continue;
    }
    const choices = SELF_ID_FORM_TEXTS[form].questions.find((q) => q.key === question)!.choices;
    if (typeof value !== 'string' || !choices.some((c) => c.value === value))
      problems[key] = 'Choose one of the answers on the form.';
  }
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The label of an answer's value, for reports and the applicant's own export. */
export function selfIdChoiceLabel(question: SelfIdQuestion, value: string): string {
  const form = SELF_ID_FORM_TEXTS[SELF_ID_QUESTION_FORM[question]];
  return form.questions.find((q) => q.key === question)?.choices.find((c) => c.value === value)?.label ?? value;
}

/** Counts below this are shown as suppressed in aggregate reports, so no one can be singled out. */
export const SELF_ID_MIN_CELL = 5;
