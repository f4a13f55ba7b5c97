import { Action, Layout, Paragraph } from './layout';
import { defineTemplate } from './template';

/** Proves a company controls an e-mail domain for single sign-on (issue 34): sent to an address at that domain. */
export const ssoDomainVerification = defineTemplate<{
  companyName: string;
  domain: string;
  path: string;
  hours: number;
}>({
  category: null,
  subject: (p) => `Confirm that ${p.companyName} uses ${p.domain} on Referwell`,
  sample: {
    companyName: 'Northwind Health',
    domain: 'northwind.example',
    path: '/verify-domain?token=sample',
    hours: 24,
  },
  render: (p, frame) => (
    <Layout
      preview={`Confirm ${p.domain} for single sign-on`}
      heading={`Confirm ${p.domain}`}
      reason={`You get this e-mail because an administrator of ${p.companyName} on Referwell named this address.`}
      {...frame}
    >
      <Paragraph>
        An administrator of {p.companyName} asked to verify {p.domain} on Referwell, so that people with an address at
        this domain sign in with the company’s identity provider. If {p.domain} belongs to {p.companyName}, confirm it
        (the link works once, for {p.hours} hours):
      </Paragraph>
      <Action href={frame.origin + p.path}>Confirm the domain</Action>
      <Paragraph>If you do not know {p.companyName}, ignore this e-mail: nothing changes without this link.</Paragraph>
    </Layout>
  ),
});
