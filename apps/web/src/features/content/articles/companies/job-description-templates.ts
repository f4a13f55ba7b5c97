import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `A job description does three jobs at once. It tells candidates whether the role is for them, it gives your employees the words they need to refer people from their network, and it sets the expectations you will later hold the new hire to.

Most job descriptions fail at all three by listing every skill the team can think of. This guide offers a simple structure, guidance on clinical and technical requirements, and a worked example you can adapt.`,
  sections: [
    {
      title: 'What every description needs',
      body: `Keep the structure consistent across roles so candidates and referrers know where to look. Aim for 400 to 700 words; longer descriptions are skimmed, not read.`,
      bullets: [
        'A specific title that matches the market, such as "Senior Integration Engineer", not an internal level code.',
        'Two or three sentences on the product, who uses it and why it matters to patients or clinicians.',
        'What the person will achieve in the first year, written as outcomes.',
        'Must-have requirements: only what is truly needed on day one.',
        'Nice-to-have experience, clearly labelled as optional.',
        'Location, work arrangement, salary range, benefits highlights and any license or clearance requirements.',
      ],
    },
    {
      title: 'Separate clinical and technical requirements',
      body: `Hybrid roles attract people from both sides, so say clearly which background you need. If the role requires an active clinical license, state the license type and the states where it must be valid. If clinical experience is helpful but not required, say so, or you will lose strong engineers who assume they do not qualify.

Be equally precise on the technical side. "Experience with healthcare data" is vague; "two or more years building HL7 v2 or FHIR interfaces in production" is clear. The [O*NET OnLine](https://www.onetonline.org/) occupation profiles can help you find standard wording for tasks and skills.`,
    },
    {
      title: 'Publish the salary range',
      body: `A growing number of US states and cities require employers to include a good-faith pay range in job postings, and the rules differ on scope and detail. Even where it is not required, a range saves everyone time and signals that you pay fairly. Check the requirements for every location where you hire or where remote candidates may live, and follow the strictest one that applies.`,
    },
    {
      title: 'Use inclusive, lawful language',
      body: `Small wording choices change who applies. Prefer plain, gender-neutral language, avoid jargon like "rock star" or "ninja", and do not ask for more years of experience than the work really needs. Requirements that screen people out, such as degree requirements, should be genuinely related to the job.

Include an equal employment opportunity statement and a note on how to request accommodations during the hiring process. The [EEOC's employer resources](https://www.eeoc.gov/employers) explain the underlying obligations.`,
    },
    {
      title: 'Template: Senior Integration Engineer',
      body: `About the role: You will connect our care-coordination platform with the EHRs, labs and payers our customers rely on, so that clinicians see complete, timely information without re-entering it.

In your first year you will: design and ship FHIR-based integrations with two major EHR platforms; reduce interface error rates through better monitoring and alerting; and help define our integration standards as the team grows.

Must have: four or more years of backend engineering, including at least two building production healthcare integrations with HL7 v2 or [FHIR](https://hl7.org/fhir/); experience handling protected health information under HIPAA; and clear written communication with non-technical partners.

Nice to have: SMART on FHIR or OAuth 2.0 experience, X12 transactions, or a clinical background.

Location and pay: remote within the United States, with an annual salary range stated for each hiring location, plus benefits.`,
    },
  ],
  cards: [
    {
      title: 'Outcomes over lists',
      body: 'Describe what the person will achieve, not every tool the team has ever used.',
    },
    {
      title: 'Honest requirements',
      body: 'Keep must-haves short and label nice-to-haves clearly, so good candidates apply.',
    },
    {
      title: 'Referral-ready',
      body: 'A clear description gives employees the words to recommend the role to people they know.',
    },
  ],
  conclusion: `A good job description is short, specific and honest. Lead with the impact of the role, separate clinical and technical requirements clearly, publish the pay range, and use language that welcomes every qualified candidate. Then share it with your team: the clearer it is, the better the referrals you will receive.`,
};
