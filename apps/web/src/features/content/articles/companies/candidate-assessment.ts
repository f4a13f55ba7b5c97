import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Resumes and conversations tell you what candidates say they can do. Assessments show you what they actually do. In healthcare technology, where mistakes can reach patients, that difference matters.

The best assessments are short, realistic and scored consistently. This guide covers how to choose and design them for clinical, technical and hybrid roles, and how to combine them with the other evidence you collect.`,
  sections: [
    {
      title: 'Choose assessments that mirror the job',
      body: `Work-sample tests, in which candidates perform a task taken from the real job, are among the strongest predictors of performance. Brain teasers and generic puzzles are among the weakest. Pick the format that most closely resembles the work the person will do in their first months.`,
      bullets: [
        'Engineers: a small, realistic coding or design task, such as parsing an HL7 message or designing an API endpoint.',
        'Analysts: a dataset and a question a clinical or operations leader would actually ask.',
        'Clinical informatics: a workflow to map and improve, with the trade-offs explained.',
        'Product managers: a short case built on a real customer problem, presented to a mixed panel.',
        'Implementation roles: a go-live plan for a fictional customer, including training and downtime procedures.',
      ],
    },
    {
      title: "Respect candidates' time and patient privacy",
      body: `Keep take-home exercises to two or three hours and say so up front; longer tasks mostly filter out people with caring responsibilities or demanding current jobs. Offer a live alternative for candidates who prefer it.

Never use real patient data in an assessment, even de-identified. Build exercises on synthetic records; [Synthea](https://synthetichealth.github.io/synthea/) produces realistic fictional patients in FHIR format, which is ideal for integration and analytics tasks. Do not use candidates' submissions in your product.`,
    },
    {
      title: 'Assess domain judgment, not trivia',
      body: `It is tempting to quiz candidates on acronyms and regulations. Recall is easy to look up; judgment is not. Instead, present realistic scenarios and listen for how candidates reason.

For example: "A hospital customer asks for a bulk export of all patient records to troubleshoot a report. What do you do?" A strong answer considers the minimum necessary standard, the customer's business associate agreement, secure transfer, and whether a narrower data set would solve the problem. The [HHS guidance for HIPAA professionals](https://www.hhs.gov/hipaa/for-professionals/index.html) is a good reference when you write these scenarios.`,
    },
    {
      title: 'Weigh referral signals sensibly',
      body: `A referral is valuable evidence: someone who knows the candidate's work is vouching for them, and on Referwell they explain why in a referral note. Use that note to focus the interview, for example by probing the strengths the referrer described.

A referral should open the door, not replace the assessment. Put referred and non-referred candidates through the same stages and scoring, so that the quality of the evidence decides the outcome and your process stays fair.`,
    },
    {
      title: 'Score consistently and check for adverse impact',
      body: `Write a scoring rubric before anyone takes the assessment, with clear descriptions of strong, acceptable and weak work. Have at least two people score each submission independently where possible, and remove names from take-home work before review.

Review your results periodically. If an assessment screens out a protected group at a markedly higher rate, federal guidance expects you to examine whether it is truly job-related; the [EEOC](https://www.eeoc.gov/employers) explains employers' obligations on employment tests and selection procedures.`,
    },
  ],
  cards: [
    {
      title: 'Realistic',
      body: 'Use tasks from the real job, built on synthetic data.',
    },
    {
      title: 'Respectful',
      body: 'Keep exercises short, explain them clearly and offer alternatives.',
    },
    {
      title: 'Consistent',
      body: 'Score every candidate against the same rubric, written in advance.',
    },
  ],
  conclusion: `Good assessments give candidates a fair chance to show their best work and give you evidence you can trust. Mirror the real job, protect privacy and candidates' time, treat referrals as a strong signal rather than a shortcut, and score consistently. The result is a process that hires better people and that candidates respect, even when they are not selected.`,
};
