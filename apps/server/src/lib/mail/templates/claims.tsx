import { Action, Layout, Paragraph } from './layout';
import { defineTemplate } from './template';

/** Proves a claimant holds a work address (issue 38, ADR 0053): sent to the address given on the claim page. */
export const companyClaim = defineTemplate<{ name: string; companyName: string; path: string; hours: number }>({
  category: null,
  subject: (p) => `Confirm your claim to ${p.companyName} on Referwell`,
  sample: { name: 'Jordan Lee', companyName: 'Northwind Health', path: '/claim-company?token=sample', hours: 24 },
  render: (p, frame) => (
    <Layout
      preview={`Confirm that you work at ${p.companyName}`}
      heading={`Claim ${p.companyName}`}
      reason={`You get this e-mail because ${p.name} gave this address to claim ${p.companyName} on Referwell.`}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        To become the admin of {p.companyName} on Referwell, open this link while signed in to the account that asked
        (it works once, for {p.hours} hours):
      </Paragraph>
      <Action href={frame.origin + p.path}>Confirm the claim</Action>
      <Paragraph>If you did not ask for this, ignore this e-mail: nothing changes without this link.</Paragraph>
    </Layout>
  ),
});

/** A platform admin approved or refused a claim that waited for them. */
export const companyClaimDecided = defineTemplate<{
  name: string;
  companyName: string;
  approved: boolean;
  path: string;
}>({
  category: null,
  subject: (p) => `Your claim to ${p.companyName} was ${p.approved ? 'approved' : 'refused'}`,
  sample: { name: 'Jordan Lee', companyName: 'Northwind Health', approved: true, path: '/company-dashboard' },
  render: (p, frame) => (
    <Layout
      preview={p.approved ? `You are the admin of ${p.companyName}` : `Your claim to ${p.companyName} was refused`}
      heading={p.approved ? `You are the admin of ${p.companyName}` : 'Your claim was refused'}
      reason={`You get this e-mail because you claimed ${p.companyName} on Referwell.`}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        {p.approved
          ? `A Referwell administrator approved your claim: you are now the admin of ${p.companyName}. List its jobs and invite your colleagues from the company dashboard.`
          : `A Referwell administrator could not confirm that you work at ${p.companyName}, so the claim was refused. If you do, ask a colleague for an invitation once one joins, or reply to this e-mail.`}
      </Paragraph>
      <Action href={frame.origin + p.path}>{p.approved ? 'Open the company dashboard' : 'See the company'}</Action>
    </Layout>
  ),
});

/** Another claim of the same company was granted first: this one is closed (the company is on Referwell now). */
export const companyClaimClosed = defineTemplate<{ name: string; companyName: string; path: string }>({
  category: null,
  subject: (p) => `Your claim to ${p.companyName} is closed`,
  sample: { name: 'Jordan Lee', companyName: 'Northwind Health', path: '/company/northwind-health' },
  render: (p, frame) => (
    <Layout
      preview={`${p.companyName} is on Referwell now`}
      heading="Your claim is closed"
      reason={`You get this e-mail because you claimed ${p.companyName} on Referwell.`}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        Someone from {p.companyName} joined Referwell before your claim was decided, so the claim is closed. If you work
        there, ask them for an invitation to the company's team.
      </Paragraph>
      <Action href={frame.origin + p.path}>See the company</Action>
    </Layout>
  ),
});
