import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Your personal brand is simply what people say about you when you are not in the room. In healthcare technology that conversation happens constantly: a referrer describing you to a hiring manager, a recruiter summarizing your profile for a panel, a former colleague recommending you for a project.

A strong brand makes that conversation easy. It tells people what problems you solve, for whom, and why they can trust you with systems that touch patient care. This guide walks through how to build one that is specific, consistent and verifiable.`,
  sections: [
    {
      title: 'Start with a one-sentence positioning statement',
      body: `Before you touch your profiles, write one sentence that describes the work you want to be known for. It should be concrete enough that someone could repeat it accurately after hearing it once.

A useful formula is: role, plus the domain you work in, plus the outcome you deliver. Avoid vague adjectives such as "passionate" or "results-driven"; replace them with the kind of result you actually produce.`,
      bullets: [
        '"Clinical informaticist who turns nursing workflows into EHR build that nurses actually use."',
        '"Integration engineer who connects labs, payers and EHRs with HL7 v2 and FHIR APIs."',
        '"Product manager for patient-facing apps, with five years of shipping in regulated environments."',
        '"Revenue cycle analyst who finds and fixes the denial patterns that cost hospitals money."',
      ],
    },
    {
      title: 'Translate your background for clinical and technical audiences',
      body: `Healthcare technology teams mix clinicians, engineers, analysts, compliance specialists and operators. Your brand has to make sense to all of them, which usually means translating.

If you come from clinical practice, describe what you did in terms of systems and outcomes: the order sets you helped redesign, the go-live you supported as a super-user, the documentation burden you reduced. If you come from software, show that you understand the clinical context: who uses what you build, at what point in their day, and what happens to a patient when it fails.

People who can speak both languages are rare and valuable. Make it obvious that you are one of them.`,
    },
    {
      title: 'Show your work without exposing patient data',
      body: `Portfolios, case studies and open-source contributions are the fastest way to prove what you can do, but in healthcare they come with a hard rule: never publish protected health information, even in a screenshot or a "de-identified" export you prepared yourself. Review the basics of the [HIPAA Privacy Rule](https://www.hhs.gov/hipaa/for-professionals/privacy/index.html) if you are unsure where the lines are.

Use synthetic data instead. [Synthea](https://synthetichealth.github.io/synthea/) generates realistic, entirely fictional patient records, and public FHIR test servers let you demonstrate an integration end to end. Describe employer projects at the level of the problem, your approach and the measurable outcome, and leave out anything covered by a confidentiality agreement.`,
    },
    {
      title: 'Make your profiles tell the same story',
      body: `Hiring teams look you up on several surfaces. When each one says something slightly different, the story gets blurry. Align them around your positioning statement:`,
      bullets: [
        'LinkedIn headline: your positioning statement, shortened. Not just your current job title.',
        'About section: three short paragraphs covering what you do, one or two proof points, and what you are looking for next.',
        'Featured section or portfolio: two or three pieces of work, each with the problem, your role and the result.',
        'Resume: the same proof points, written as outcomes, with the systems and standards you used named explicitly.',
        'Code profile (for technical roles): pin the repositories that support your story and add a clear README to each.',
      ],
    },
    {
      title: 'Let other people tell your story',
      body: `The most credible brand statements come from someone else. A referral is exactly that: an employee putting their own reputation behind yours. Make it easy for people to do this well.

Keep a short, up-to-date summary you can send to anyone willing to refer or recommend you. Ask former managers and clinical partners for specific endorsements ("led the medication reconciliation redesign") rather than generic praise. When someone refers you, thank them and tell them how it turned out; that is how a one-off favor becomes a lasting professional relationship.`,
    },
  ],
  cards: [
    {
      title: 'Be specific',
      body: 'Name the workflows, systems, standards and outcomes. Specific claims are memorable and easy to repeat.',
    },
    {
      title: 'Be consistent',
      body: 'Your profile, resume and conversations should all support the same one-sentence positioning statement.',
    },
    {
      title: 'Be verifiable',
      body: 'Back claims with work samples, credentials and people who can vouch for you, without ever exposing patient data.',
    },
  ],
  conclusion: `A personal brand is not a slogan; it is a reputation you make easy to pass on. Write your positioning statement this week, align your profiles around it, and line up the people who can speak for you. When a referrer at your target company describes you to their hiring manager, they will have exactly the words they need.`,
};
