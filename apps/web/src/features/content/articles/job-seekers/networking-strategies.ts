import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Referred candidates are far more likely to be interviewed and hired than people who apply cold, and healthcare technology is a small, well-connected industry. The people who get those referrals are rarely the ones with the biggest networks. They are the ones who keep in touch, give before they ask, and make a specific, easy request when the moment comes.

This guide covers where to meet people, how to reach out to a potential referrer, and how to turn a single conversation into a relationship that lasts beyond your next job search.`,
  sections: [
    {
      title: 'Think in relationships, not transactions',
      body: `A message that opens with "Can you refer me?" to a stranger puts them in an awkward spot: their referral carries their reputation, and they know nothing about you. A message that opens with genuine curiosity about their work starts a conversation instead.

Aim to learn before you ask. What does their team build? Who uses it? What is hard about it right now? People enjoy talking about their work, and what you learn will make your eventual application far stronger. If a referral follows, it will be an informed one.`,
    },
    {
      title: 'Where healthcare technology people gather',
      body: `You do not need to attend every conference. Pick two or three communities that match your direction and show up consistently, both in person and online.`,
      bullets: [
        '[HIMSS](https://www.himss.org/) and its local chapters, which bring together health IT leaders, vendors and provider organizations.',
        '[AMIA](https://amia.org/), the home of clinical and research informatics, with working groups open to members.',
        "The [FHIR community chat](https://chat.fhir.org/), where interoperability engineers answer each other's questions every day.",
        '[HL7 International](https://www.hl7.org/) work groups and connectathons, if you build or test integrations.',
        'Alumni networks from your school, residency, nursing program or former employers: warm connections that already share something with you.',
      ],
    },
    {
      title: 'Reaching out to a potential referrer',
      body: `When you find an employee at a company you are interested in, keep your first message short and specific. Busy people respond to messages they can answer in two minutes.

A good first message mentions how you found them, one sentence about your background that is relevant to their team, and a small, concrete ask such as a 15-minute call or a question about the team's work. Save the referral request for after you have spoken, or for when you have found a specific open role that clearly fits.`,
      bullets: [
        'Personalize: reference their team, a talk they gave, or a post they wrote.',
        'Be relevant: one sentence on why your experience connects to their work.',
        'Be brief: four or five sentences at most.',
        'Make the ask small: a short call or a single question, with an easy way to say no.',
      ],
    },
    {
      title: 'Make it easy to refer you',
      body: `When you do ask for a referral, do the work for your referrer. Send the exact job posting, your resume, and two or three sentences they can paste into their referral note explaining why you fit this particular role.

Be honest about how well you know each other. A referrer who has only spoken with you once can still vouch for your preparation and your communication, and hiring teams value that candour. On Referwell, referrers add a note when they refer you, so giving them specific points to mention makes their note, and your application, more persuasive.`,
    },
    {
      title: 'Follow up and give back',
      body: `Thank everyone who helps you, whatever the outcome, and let them know how things went. If you are hired, your referrer will want to hear it from you first.

Networking is a long game. Share useful articles, introduce people who should know each other, answer questions in the communities you join, and offer to refer others once you are inside a company. The generosity you show now is what people remember when you need help next.`,
    },
  ],
  cards: [
    {
      title: 'Learn first',
      body: "Start conversations with curiosity about someone's work, not with a request.",
    },
    {
      title: 'Ask specifically',
      body: 'Request a referral for a named role, with your resume and a ready-to-use summary attached.',
    },
    {
      title: 'Close the loop',
      body: 'Thank people, share the outcome, and look for ways to return the favor.',
    },
  ],
  conclusion: `Good networking feels less like selling yourself and more like joining a community. Choose a few places to show up, reach out with curiosity and respect for people's time, and make every referral request easy to say yes to. The relationships you build this way will outlast any single job search.`,
};
