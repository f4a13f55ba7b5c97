import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `The best healthcare technology teams combine people who understand patients and clinical work with people who build and run reliable software. Getting those groups to trust each other, share context and raise problems early is what separates products clinicians love from products they work around.

This guide covers practical ways to build that kind of team, whether you are hiring your tenth employee or your hundredth.`,
  sections: [
    {
      title: 'Hire for complementary strengths',
      body: `A team made entirely of engineers will build elegant systems that miss how care is really delivered. A team made entirely of clinicians will understand the problem deeply but struggle to ship. Aim for a deliberate mix, and make the clinical voice a real part of decision-making rather than an occasional consultation.

Employee referrals help here: your clinicians know other clinicians interested in technology, and your engineers know engineers who care about healthcare. Ask each group explicitly for referrals from their own networks.`,
    },
    {
      title: 'Build shared understanding',
      body: `Trust grows from understanding each other's work. Give technical staff regular exposure to clinical settings and give clinical staff a view into how the product is built and run.`,
      bullets: [
        'Schedule shadowing sessions with customers, where they allow it, for every new team member.',
        'Invite clinicians to sprint reviews and design critiques, not just requirements meetings.',
        'Run short "how it works" sessions on your architecture and on standards like [FHIR](https://hl7.org/fhir/).',
        'Write a shared glossary of clinical and technical terms, and keep it current.',
      ],
    },
    {
      title: 'Make it safe to raise problems',
      body: `In healthcare, the cost of a problem that nobody mentions can be high. Teams perform best when people feel safe admitting mistakes, asking questions and challenging decisions, including those made by senior colleagues.

Leaders set this tone. Thank people who report issues, respond to bad news with curiosity rather than blame, and run blameless post-incident reviews that focus on how the system allowed an error rather than who made it. Share the lessons widely, and follow through on the fixes.`,
    },
    {
      title: 'Keep distributed teams connected',
      body: `Many health tech teams work across time zones and between home and office. Connection does not happen by accident in that setting; design for it.

Write things down so decisions do not depend on who was in the meeting. Keep core collaboration hours short and predictable. Meet in person a few times a year with a clear purpose, such as planning, a customer visit or a hack week focused on a clinical problem. Use regular, small rituals, such as a weekly demo of work in progress, to keep everyone aware of what others are building.`,
    },
    {
      title: 'Recognize the behaviors you want',
      body: `What you celebrate is what you get. Recognize people who mentor colleagues, improve documentation, catch privacy issues before release, or refer great candidates. Make recognition specific, timely and visible.

Keep an eye on workload. Sustainable pace matters in a field where fatigue leads to mistakes, and on-call rotations, go-lives and audits can quietly pile up on the same few people.`,
    },
  ],
  cards: [
    {
      title: 'Mix of strengths',
      body: 'Clinical and technical people share decisions, not just meetings.',
    },
    {
      title: 'Shared context',
      body: 'Shadowing, demos and a common glossary turn two groups into one team.',
    },
    {
      title: 'Safe to speak up',
      body: 'Blameless reviews and visible thanks make problems surface early.',
    },
  ],
  conclusion: `High-trust teams are built on purpose. Hire for complementary strengths, invest in shared understanding, make it safe to raise problems, design for distributed work, and recognize the behaviors that make the team stronger. The result is a team that builds better products for the people who deliver care.`,
};
