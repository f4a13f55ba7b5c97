import { Text } from '@react-email/text';
import { Action, colors, Layout, Paragraph } from './layout';
import { defineTemplate } from './template';

export interface ReferralInvitationProps {
  name: string;
  title: string;
  message: string;
  /** The referrer's note for the candidate (never the hiring team's note). */
  note: string | null;
  /** The person's own link: their referrals, the consent question and the profile to claim. */
  path: string;
  days: number;
}

/**
 * What a person referred by e-mail hears while they have no password: each referral news (asked to confirm, a stage
 * they reached) with a link of their own, in place of a notification e-mail whose link would need a sign-in.
 */
export const referralInvitation = defineTemplate<ReferralInvitationProps>({
  category: 'referral_updates',
  subject: (p) => p.title,
  sample: {
    name: 'Dana Reyes',
    title: 'You have been referred',
    message:
      'Priya Shah referred you for Senior FHIR Engineer at Northwind Health. Please confirm you want to be put forward.',
    note: 'Dana, this team is exactly the HL7 crowd you liked working with. Happy to tell you more.',
    path: '/referral-invitation/sample',
    days: 30,
  },
  render: (p, frame) => (
    <Layout
      preview={p.message}
      heading={p.title}
      reason="You get this e-mail because someone who knows you referred you for a job on Referwell."
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>{p.message}</Paragraph>
      {p.note ? (
        <Text
          style={{
            borderLeft: `3px solid ${colors.accent}`,
            padding: '4px 0 4px 12px',
            margin: '0 0 16px',
            color: colors.muted,
            whiteSpace: 'pre-line',
          }}
        >
          {p.note}
        </Text>
      ) : null}
      <Paragraph>
        Nothing goes to the company until you say so. Open your referral to confirm or decline it; you can also set a
        password there to keep a Referwell profile (the link works for {p.days} days):
      </Paragraph>
      <Action href={frame.origin + p.path}>Review your referral</Action>
      <Paragraph>If you do not know the person who referred you, you can ignore this e-mail.</Paragraph>
    </Layout>
  ),
});
