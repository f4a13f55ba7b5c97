import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Onboarding starts the moment a candidate accepts your offer, and it shapes how quickly they contribute and whether they stay. In healthcare technology, onboarding carries extra weight: new hires must learn your product and your clinical domain, and they must be trained on privacy and security before they touch systems that hold patient data.

This guide lays out a practical onboarding plan, from the weeks before day one to the end of the first quarter.`,
  sections: [
    {
      title: 'Before day one',
      body: `A new hire's first morning should be spent meeting people, not waiting for a laptop. Use the time between offer and start date to remove friction.`,
      bullets: [
        'Send a welcome note with the first-week schedule, who they will meet, and what to bring.',
        'Prepare equipment and accounts, granting only the access the role needs at first (least privilege).',
        "Plan to complete the Form I-9 on time; [USCIS I-9 Central](https://www.uscis.gov/i-9-central) explains the employer's responsibilities and deadlines.",
        "Assign an onboarding buddy outside the new hire's reporting line.",
        'If the hire was referred, let the referrer know the start date so they can welcome them.',
      ],
    },
    {
      title: 'Week one: privacy, security and compliance',
      body: `HIPAA requires covered entities and business associates to train workforce members on their privacy and security policies, and new employees should complete that training before they receive access to protected health information. Make the training practical: walk through real scenarios from your own product, such as handling a support ticket that contains patient details, rather than only reading the rules. The [HHS HIPAA training resources](https://www.hhs.gov/hipaa/for-professionals/training/index.html) are a free starting point.

Cover your own policies too: acceptable use, incident reporting, secure development practices, and who to ask when something feels wrong. New hires should leave week one knowing exactly how to report a suspected breach.`,
    },
    {
      title: 'Give everyone clinical context',
      body: `Engineers, designers and sales staff do better work when they understand the people who use the product. Arrange for every new hire to observe the workflow your product supports, such as shadowing a nurse, sitting with a billing team or joining a customer training session, where your customers allow it.

Pair this with a short primer on your domain: the main user roles, the systems your product connects to, and the standards it depends on. For technical hires, the [HL7 FHIR](https://hl7.org/fhir/) overview is a useful shared reference.`,
    },
    {
      title: 'A 30-60-90 day plan',
      body: `Agree a written plan with clear milestones in the first week. It gives the new hire direction and gives the manager a basis for early feedback.

Review progress in a weekly one-on-one during the first three months, and ask the new hire what is confusing or missing: they see gaps in your onboarding that long-tenured staff no longer notice.`,
    },
    {
      title: 'Keep the support network visible',
      body: `Buddies answer the small questions people hesitate to ask a manager. Referrers can play a similar role: they already have a relationship with the new hire and a stake in their success. Encourage both to check in regularly during the first month.

At the end of the first quarter, run a short survey or conversation on the onboarding experience, and use it to improve the plan for the next person.`,
    },
  ],
  cardsTitle: 'The first 90 days',
  cards: [
    {
      title: 'Days 1–30: learn',
      body: 'Complete compliance training, meet key partners, shadow users and ship one small, low-risk change.',
    },
    {
      title: 'Days 31–60: contribute',
      body: 'Own a well-scoped piece of work end to end, with regular feedback from the manager and buddy.',
    },
    {
      title: 'Days 61–90: lead',
      body: 'Take on a larger responsibility, share what they have learned, and set goals for the next quarter.',
    },
  ],
  conclusion: `Strong onboarding is preparation, protection and connection. Have everything ready before day one, train on privacy and security before granting access to patient data, immerse new hires in the clinical context, and support them with a clear plan and people to lean on. The payoff is a colleague who contributes sooner and stays longer.`,
};
