import type { ArticleBody } from '../types';

export const body: ArticleBody = {
  introduction: `Policies are easy to postpone when a company is small. But healthcare technology companies handle sensitive data, work with regulated customers and compete hard for talent, so the basics need to be in place early. Customers will ask about them in security reviews, and employees rely on them to know what is expected and what they can expect in return.

This guide outlines the policies to prioritize and what each should cover. It is general guidance, not legal advice: have an employment lawyer review your policies for the states where you operate.`,
  sections: [
    {
      title: 'The core policies',
      body: `Start with a concise employee handbook that covers the essentials, written in plain language. Long, legalistic handbooks go unread.`,
      bullets: [
        'Equal employment opportunity, anti-harassment and anti-retaliation, with more than one way to report concerns.',
        'Reasonable accommodation, including how to request one.',
        'Leave and time off, including any leave required by federal, state or local law.',
        'Working hours, overtime, remote work and expense reimbursement.',
        'Code of conduct, conflicts of interest and the employee referral program.',
        'Confidentiality, acceptable use of systems, and data protection.',
      ],
    },
    {
      title: 'Privacy and security policies',
      body: `If you handle protected health information, as a covered entity or as a business associate of one, the [HIPAA Security Rule](https://www.hhs.gov/hipaa/for-professionals/security/index.html) requires administrative safeguards that depend on HR: workforce security, security awareness training, and sanctions for employees who violate policy. Your policies should also cover access reviews, device security and how to report an incident.

Many companies use the [NIST Cybersecurity Framework](https://www.nist.gov/cyberframework) to organize their wider security program. Make sure HR processes such as onboarding, role changes and offboarding trigger the right access changes: removing access promptly when someone leaves is one of the simplest and most important controls.`,
    },
    {
      title: 'A clear employee referral program',
      body: `A referral program only works if employees trust it. Write down the rules and apply them consistently, so nobody is surprised when a bonus is paid or not.`,
      bullets: [
        'Eligibility: who can refer and earn a bonus. Many companies exclude recruiters and the hiring manager for the role.',
        'Bonus amount, which can vary by role, and how it is taxed.',
        'Timing: when the bonus is paid, for example after the new hire completes 90 days.',
        'Duplicates: how you handle a candidate referred by more than one person or already in your pipeline.',
        'Feedback: a commitment to tell referrers the outcome of every referral.',
      ],
    },
    {
      title: 'Wage-and-hour and leave basics',
      body: `Misclassifying employees as exempt from overtime is one of the most common and costly mistakes growing companies make. The Department of Labor explains the [Fair Labor Standards Act](https://www.dol.gov/agencies/whd/flsa) rules on minimum wage, overtime and exemptions; many states set stricter requirements.

Once you reach 50 employees, the [Family and Medical Leave Act](https://www.dol.gov/agencies/whd/fmla) may require job-protected leave for eligible employees, and many states and cities have their own paid leave laws with lower thresholds. Track headcount by location so you know when new obligations apply.`,
    },
    {
      title: 'Keep policies current and visible',
      body: `Laws change, and so does your company. Review every policy at least once a year and whenever you expand into a new state or country. Record when each employee acknowledged the handbook, announce changes clearly, and keep policies where employees can find them easily.

Make sure policies do not restrict employees' legal rights, such as discussing pay and working conditions with colleagues; the [National Labor Relations Board](https://www.nlrb.gov/) explains these protections, which apply to most private-sector employers whether or not a union is present.`,
    },
  ],
  conclusion: `Good HR policies protect patients' data, your employees and your company. Cover the essentials in plain language, align privacy and security policies with HIPAA, run a referral program employees trust, get wage-and-hour rules right, and review everything regularly. Seek legal advice for your specific situation, and treat your policies as living documents that grow with your team.`,
};
