import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Performance management has a poor reputation because it is often reduced to an annual form nobody enjoys. Done well, it is simply the habit of agreeing what good looks like, talking honestly about progress, and helping people get better.

In healthcare technology, where work often spans engineering, clinical operations and compliance, clear expectations matter even more. This guide covers a lightweight system that works for small and growing teams.`,
  sections: [
    {
      title: 'Start with clear expectations',
      body: `People cannot meet expectations they do not know. For every role, write down the outcomes the person owns and the behaviors you expect, such as raising privacy concerns early, documenting decisions, and treating clinical feedback as a priority.

Review these expectations together at least twice a year and whenever the role changes. Goals should be few, specific and within the person's influence.`,
    },
    {
      title: 'Make feedback continuous',
      body: `Feedback is most useful close to the event. Build it into regular one-on-ones rather than saving it for a review cycle. Describe the specific behavior, its impact, and what you would like to see next time.

Ask for feedback as often as you give it. Managers who invite criticism of their own work create teams where problems surface early, which in a clinical setting can prevent real harm.`,
      bullets: [
        'Hold a one-on-one every week or two, with an agenda the employee sets.',
        'Recognize good work publicly and specifically, including successful referrals and mentoring.',
        'Address problems privately and promptly, focusing on behavior rather than personality.',
        'Keep brief notes so the formal review contains no surprises.',
      ],
    },
    {
      title: 'Measure what matters in health tech',
      body: `Output metrics such as tickets closed or lines of code are easy to count and easy to game. Look instead at outcomes and at the quality signals that matter in your domain.`,
      bullets: [
        'Reliability and safety: incidents, their severity, and whether fixes prevented recurrence.',
        'Customer and clinician outcomes: adoption, time saved, support volume, satisfaction.',
        'Compliance quality: audit findings, access reviews completed, training up to date.',
        'Collaboration: how well the person works with clinical, operational and technical partners.',
      ],
    },
    {
      title: 'Run fair reviews',
      body: `Formal reviews should summarize a conversation that has been happening all year. Base ratings on evidence from the whole period, not the last few weeks, and use calibration sessions in which managers compare ratings against shared criteria to reduce individual bias.

Be careful with traits such as "culture fit" or "executive presence", which are vague and can mask bias. Tie every rating to observed behavior and outcomes, and separate the development conversation from the compensation decision where you can.`,
    },
    {
      title: 'Handle underperformance with care',
      body: `When someone is struggling, start by understanding why: unclear expectations, missing skills, a poor fit with the role, or something happening outside work. Agree a short, written improvement plan with specific goals, support and a timeline, and meet regularly to review it.

If health or personal circumstances are involved, involve HR early. Employees may have rights to leave or accommodations; the Department of Labor's [Family and Medical Leave Act](https://www.dol.gov/agencies/whd/fmla) pages and the [ADA](https://www.ada.gov/) resources explain the basics. Document decisions consistently, and treat every case with the dignity you would want yourself.`,
    },
  ],
  conclusion: `Performance management works when it feels like support rather than surveillance. Set clear expectations, talk about progress often, measure the outcomes that matter in healthcare, calibrate reviews for fairness, and handle difficulties humanely. Teams managed this way improve faster and keep their best people.`,
};
