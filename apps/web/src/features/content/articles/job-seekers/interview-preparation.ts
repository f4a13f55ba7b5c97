import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Healthcare technology interviews test two things at once: whether you can do the work, and whether you can be trusted with work that affects patients, clinicians and sensitive data. Strong candidates prepare for both.

This guide explains the stages you are likely to meet, how to prepare stories that answer behavioral questions well, which healthcare-specific topics come up again and again, and how to finish the process on a good note.`,
  sections: [
    {
      title: 'Understand the interview loop',
      body: `Most companies follow a similar sequence, although the names and order vary. Ask the recruiter, or your referrer, what to expect at each stage and who you will meet. Knowing whether you will face a clinician, an engineer or a compliance lead changes how you prepare.`,
      bullets: [
        'Recruiter screen: motivation, logistics, salary expectations and a high-level walk through your background.',
        'Hiring manager conversation: the problems the team is solving and how your experience maps to them.',
        'Skills assessment: a technical exercise, a case study, a workflow analysis or a work sample.',
        'Panel: cross-functional interviewers, often including a clinician or a customer-facing colleague.',
        'Final or values conversation: how you make decisions, handle conflict and work under pressure.',
      ],
    },
    {
      title: 'Prepare stories with the STAR method',
      body: `Behavioral questions ("Tell me about a time when…") are everywhere. Answer them with the STAR structure: the Situation, the Task you owned, the Actions you personally took, and the Result, measured where possible.

Prepare six to eight stories that you can adapt: a project you led, a failure and what you learned, a disagreement with a colleague, a time you worked with clinicians or end users, a tight deadline, and a moment when you protected quality or compliance under pressure. Keep each one to about two minutes, and make the result concrete: fewer clicks per order, a shorter turnaround time, a smooth go-live, a problem that did not recur.`,
    },
    {
      title: 'Expect healthcare-specific questions',
      body: `Interviewers want to know that you understand the environment their product lives in. You do not need to be a lawyer or a physician, but you should be comfortable with the fundamentals. If privacy is rusty, the [HHS HIPAA pages](https://www.hhs.gov/hipaa) are the authoritative starting point.`,
      bullets: [
        'Privacy scenarios: "A colleague asks you to export patient data to debug an issue. What do you do?" Talk about the minimum necessary standard, approved tools and escalation.',
        'Clinical workflow: "Who uses this feature, and what are they doing right before and after?"',
        'Interoperability: how data moves between EHRs, labs, pharmacies and payers, and what goes wrong when it does.',
        'Change in regulated settings: testing, validation, downtime planning and communicating with clinical staff.',
        'Stakeholders: how you balance clinicians, administrators, patients and engineering constraints.',
      ],
    },
    {
      title: 'Technical roles: show you can work with health data',
      body: `For engineering, data and integration roles, expect questions about the standards that carry clinical data. Be ready to explain the difference between HL7 v2 messages and [FHIR](https://hl7.org/fhir/) resources, how you would model a patient with several encounters and observations, and how you would handle identity matching, duplicate records and partial failures.

If you have a take-home exercise, treat it as a chance to show judgment as well as code: document your assumptions, use synthetic data, handle errors explicitly, and write a short note on what you would do with more time.`,
    },
    {
      title: 'Ask questions that show judgment',
      body: `The questions you ask are part of the interview. Good ones show that you are already thinking about doing the job well.`,
      bullets: [
        'How do clinicians or customers give feedback on the product, and how quickly does it reach the team?',
        'What does success look like for this role after six months?',
        'How does the team handle incidents that could affect patient care?',
        'Which regulatory or interoperability changes are shaping the roadmap this year?',
      ],
    },
    {
      title: 'After the interview',
      body: `Send a brief thank-you note within a day, referencing something specific from the conversation. If you were referred, update your referrer too: they have a stake in how it goes, and they may be able to share useful feedback.

Whatever the outcome, write down the questions you were asked and how you answered. Your next interview will be better for it.`,
    },
  ],
  conclusion: `Preparation is what turns nerves into confidence. Learn the shape of the loop, rehearse a handful of strong stories, refresh your healthcare fundamentals, and arrive with thoughtful questions. Interviewers in this field are looking for people they can trust with work that matters; show them you are one.`,
};
