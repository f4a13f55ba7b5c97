import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `A structured interview asks every candidate for a role the same core questions and scores the answers against criteria agreed in advance. It is one of the most reliable ways to predict job performance, and it makes your process fairer and easier to defend.

This guide shows how to design an interview guide for healthcare technology roles, offers sample questions for common role families, and covers the legal boundaries every interviewer should know.`,
  sections: [
    {
      title: 'Build the guide from the role',
      body: `Start from the three or four outcomes that define success in the role. For each outcome, identify the competencies that drive it, such as integration design, clinical workflow analysis, stakeholder communication or judgment under regulatory constraints.

Then assign each competency to one interviewer and write two or three questions for it, along with a short description of what a strong, acceptable and weak answer sounds like. Interviewers can ask follow-up questions, but the core questions and the scoring scale stay the same for every candidate.`,
    },
    {
      title: 'Sample questions by role family',
      body: `Use these as starting points and adapt them to your product and team. Behavioral questions ask about past experience; situational questions ask how the candidate would handle a realistic scenario.`,
      bullets: [
        'Integration engineer: "Walk me through how you would design a FHIR API that lets a partner read a patient\'s recent lab results. How do you handle authorization and partial failures?"',
        'Clinical informatics: "Tell me about a time clinicians resisted a workflow change. What did you learn, and what did you do?"',
        'Product manager: "A health system asks for a feature that would help them but complicate the product for everyone else. How do you decide?"',
        'Implementation or customer success: "Describe a go-live that went wrong. What was your role in recovering it?"',
        'Any role: "Tell me about a time you noticed a potential privacy or safety issue. What did you do?"',
      ],
    },
    {
      title: 'Include the people who will live with the work',
      body: `Add a clinician, a customer-facing colleague or an operational user to the panel for roles whose work directly affects them. Give them the same preparation as other interviewers: a defined area to cover, prepared questions and the scoring guide.

Their perspective catches what technical interviewers miss, such as whether a candidate really understands what happens at a nursing station at 3 a.m. or how a billing error reaches a patient. For technical questions about interoperability, make sure at least one interviewer can evaluate answers about standards such as [HL7 FHIR](https://hl7.org/fhir/) and [SMART on FHIR](https://smarthealthit.org/).`,
    },
    {
      title: 'Keep every question lawful',
      body: `Interviewers must avoid questions about protected characteristics, such as age, religion, national origin, pregnancy or family plans, even in casual conversation. The [EEOC](https://www.eeoc.gov/employers) publishes guidance for employers on prohibited practices.

Healthcare raises a particular risk around health itself. Under the Americans with Disabilities Act, employers generally may not ask disability-related questions or require medical examinations before making a conditional job offer. Ask whether a candidate can perform the essential functions of the job, with or without reasonable accommodation, rather than asking about conditions or treatment.`,
      bullets: [
        'Ask: "This role requires being on call one week in six. Can you meet that requirement?"',
        'Avoid: "Do you have children who might make on-call work difficult?"',
        'Ask: "Are you legally authorized to work in the United States?"',
        'Avoid: "Where were you born?"',
      ],
    },
    {
      title: 'Score independently, then debrief',
      body: `Ask each interviewer to submit written scores and evidence before any discussion. This prevents the first or loudest opinion from anchoring the group.

In the debrief, review each competency in turn, focusing on the evidence. Where interviewers disagree, look at what each one observed rather than averaging the scores. Make the decision against the criteria you set at the start, and record the reasons. Clear records help you give candidates useful feedback and improve the guide over time.`,
    },
  ],
  cards: [
    {
      title: 'Same questions',
      body: 'Every candidate for a role answers the same core questions, so comparisons are fair.',
    },
    {
      title: 'Defined scoring',
      body: 'Describe strong, acceptable and weak answers before the first interview.',
    },
    {
      title: 'Independent judgment',
      body: 'Collect written scores before the debrief to avoid groupthink.',
    },
  ],
  conclusion: `A good interview guide takes an afternoon to write and pays for itself on the first hire. Build it from the role's outcomes, include the people who will work alongside the new hire, keep every question lawful, and decide on evidence rather than impressions. Your candidates will notice the difference, and so will the quality of your team.`,
};
