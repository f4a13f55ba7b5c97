import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Hiring in healthcare technology is harder than in most software markets. You need people who can build reliable systems and who understand clinical workflows, privacy obligations and the cost of getting things wrong. Those people are scarce, and the best of them are rarely browsing job boards.

This guide sets out a hiring process that is fast enough to win good candidates and rigorous enough for a regulated industry.`,
  sections: [
    {
      title: 'Define the role before you open it',
      body: `Most failed hires trace back to a vague role. Before you write a job description, agree with the hiring manager on what the person must achieve in their first six to twelve months, which skills are truly required on day one, and which can be learned.

Be explicit about the clinical and technical balance. A clinical informatics analyst, an integration engineer and a product manager for a care-management tool all sit "between" clinical and technical work, but they need very different mixes of experience. Write down the three or four outcomes that define success and use them to design every later stage.`,
    },
    {
      title: 'Use employee referrals deliberately',
      body: `Your employees already know people who understand your domain, and a referral comes with context a resume never has: someone who has worked with the candidate is vouching for them. Referred hires also tend to ramp up faster because they arrive with a colleague who can answer questions.

Referral programs work best when they are easy and visible. Share open roles with the whole company, tell employees exactly what you are looking for, pay a clear bonus on a predictable schedule, and tell referrers what happened to their candidates. Silence is the fastest way to kill a referral program.`,
      bullets: [
        'Publish a simple referral policy: who is eligible, the bonus amount, and when it is paid.',
        'Ask referrers for a short note on how they know the candidate and why they fit.',
        'Acknowledge every referral within a few days, even when the answer is no.',
        'Guard against homogeneity by combining referrals with outreach to under-represented communities.',
      ],
    },
    {
      title: 'Structure every stage',
      body: `Unstructured interviews are poor predictors of job performance. Give every candidate for a role the same core questions, scored against the same criteria, by interviewers who each cover a defined area. Decide the stages in advance and keep the total number small: for most roles, a screen, a skills assessment and a panel are enough.

Include a clinician or an operational user on the panel for roles whose work they will live with. They will spot gaps in domain understanding that technical interviewers miss, and candidates learn a lot about your culture from seeing them there.`,
    },
    {
      title: 'Verify credentials and screen for exclusions',
      body: `For clinical roles, verify licenses directly with the issuing source rather than relying on a copy. The [NPI Registry](https://npiregistry.cms.hhs.gov/) confirms a provider's National Provider Identifier, and state licensing boards confirm active licenses and disciplinary history.

If your company bills federal healthcare programs, or contracts with organizations that do, check candidates against the [OIG List of Excluded Individuals/Entities](https://oig.hhs.gov/exclusions/). Employing an excluded person can lead to significant penalties. Background checks run through a consumer reporting agency must follow the Fair Credit Reporting Act; the FTC's guide [Using Consumer Reports: What Employers Need to Know](https://www.ftc.gov/business-guidance/resources/using-consumer-reports-what-employers-need-know) explains the disclosure, authorization and adverse-action steps.`,
    },
    {
      title: 'Move quickly and communicate',
      body: `Strong candidates in this market often hold several offers. Set a target time from first interview to decision, book panel interviews in a single day where you can, and debrief within 24 hours.

Tell candidates what to expect at each stage and when they will hear back, and keep that promise. A respectful, well-run process is itself a recruiting tool: rejected candidates talk to their networks, and some of them will be your best referrals next year.`,
    },
  ],
  cards: [
    {
      title: 'Clarity first',
      body: 'Agree on the outcomes that define success before you write the job description.',
    },
    {
      title: 'Referrals with context',
      body: 'Make referring easy, ask for a note, and always tell referrers what happened.',
    },
    {
      title: 'Verify, then offer',
      body: 'Check licenses at the source and screen exclusion lists for roles that require it.',
    },
  ],
  conclusion: `Good hiring is a system, not a series of lucky finds. Define the role clearly, lean on the people who already know your domain, structure the process so decisions are fair and evidence-based, and complete the verification steps healthcare requires. Do those things consistently and you will hire faster, and better, than competitors who improvise.`,
};
