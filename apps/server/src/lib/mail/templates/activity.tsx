import { EMAIL_CATEGORY_INFO, type EmailCategory, type NotificationEmailCategory } from '@referwell/shared';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { Action, colors, Layout, Paragraph } from './layout';
import { defineTemplate, type MailTemplate } from './template';

export interface NotificationMailProps {
  name: string;
  title: string;
  message: string;
  actionLabel: string;
  path: string;
  /** Someone's own words the mail carries (a job seeker's message to the referrer). */
  quote?: { by: string; text: string } | undefined;
  /** Facts under the message, one a line (the referral bonus). */
  details?: string[] | undefined;
}

const reasonFor = (category: EmailCategory) =>
  `You get this e-mail because "${EMAIL_CATEGORY_INFO[category].label}" e-mails are on.`;

/** One in-app notification as an e-mail: its title, its text and a button to where it is answered. */
function notificationTemplate(category: NotificationEmailCategory, sample: NotificationMailProps) {
  return defineTemplate<NotificationMailProps>({
    category,
    subject: (p) => p.title,
    sample,
    render: (p, frame) => (
      <Layout preview={p.message} heading={p.title} reason={reasonFor(category)} {...frame}>
        <Paragraph>Hi {p.name},</Paragraph>
        <Paragraph>{p.message}</Paragraph>
        {p.quote ? <Quote by={p.quote.by}>{p.quote.text}</Quote> : null}
        {p.details?.map((line) => (
          <Text key={line} style={{ fontSize: 15, lineHeight: '24px', margin: '0 0 8px', fontWeight: 600 }}>
            {line}
          </Text>
        ))}
        <Action href={frame.origin + p.path}>{p.actionLabel}</Action>
      </Layout>
    ),
  });
}

/** Someone's message, set apart and attributed, its line breaks kept. */
function Quote({ by, children }: { by: string; children: string }) {
  return (
    <Section style={{ borderLeft: `3px solid ${colors.border}`, padding: '4px 0 4px 16px', margin: '0 0 16px' }}>
      <Text style={{ fontSize: 13, color: colors.muted, margin: '0 0 4px' }}>{by} wrote:</Text>
      {children.split(/\r?\n/).map((line, i) => (
        <Text key={i} style={{ fontSize: 15, lineHeight: '24px', margin: 0 }}>
          {line || '\u00a0'}
        </Text>
      ))}
    </Section>
  );
}

export const notificationTemplates: Record<NotificationEmailCategory, MailTemplate<NotificationMailProps>> = {
  referral_requests: notificationTemplate('referral_requests', {
    name: 'Riley Referrer',
    title: 'New referral request',
    message: 'Morgan Example asked you for a referral for Senior FHIR Engineer at Northwind Health.',
    quote: {
      by: 'Morgan Example',
      text: 'I led the FHIR migration at my last hospital and would love to join your team.',
    },
    details: ['Referral bonus: $3,000 paid 90 days after start'],
    actionLabel: 'Review the request',
    path: '/referral-requests',
  }),
  referral_updates: notificationTemplate('referral_updates', {
    name: 'Morgan Example',
    title: 'You have been referred',
    message:
      'Riley Referrer referred you for Senior FHIR Engineer at Northwind Health. Please confirm you want to be put forward.',
    actionLabel: 'Confirm or decline',
    path: '/referrer-dashboard/referrals/sample',
  }),
  messages: notificationTemplate('messages', {
    name: 'Morgan Example',
    title: 'New message',
    message: 'Riley Referrer sent you a message you have not read yet.',
    actionLabel: 'Open the conversation',
    path: '/messages/sample',
  }),
  company_activity: notificationTemplate('company_activity', {
    name: 'Avery Admin',
    title: 'New application',
    message: 'Morgan Example applied for Senior FHIR Engineer.',
    actionLabel: 'Review applications',
    path: '/notifications',
  }),
};

export interface DigestProps {
  name: string;
  period: 'daily' | 'weekly';
  sections: { heading: string; items: { text: string; path: string }[] }[];
  path: string;
  /** What its unsubscribe link stops: the whole digest, or the one category a digest carried alone. */
  unsubscribeScope?: EmailCategory | undefined;
}

/** The batched notifications of the categories set to a digest, plus the summaries that need the reader. */
export const digest = defineTemplate<DigestProps>({
  category: null,
  unsubscribeScope: (p) => p.unsubscribeScope ?? `${p.period}-digest`,
  subject: (p) => (p.period === 'daily' ? 'Your Referwell daily digest' : 'Your Referwell weekly digest'),
  sample: {
    name: 'Riley Referrer',
    period: 'weekly',
    path: '/notifications',
    sections: [
      {
        heading: 'Waiting for your answer',
        items: [
          { text: 'Morgan Example asked you for a referral for Senior FHIR Engineer.', path: '/referral-requests' },
        ],
      },
      {
        heading: 'Roles to refer',
        items: [{ text: 'Senior FHIR Engineer (Remote): $3,000 paid 90 days after start', path: '/job/sample' }],
      },
      {
        heading: 'Referral updates',
        items: [{ text: 'Your referral of Sam Rivera moved to Interviewing.', path: '/referral-requests' }],
      },
    ],
  },
  render: (p, frame) => (
    <Layout
      preview={`${p.sections.reduce((n, s) => n + s.items.length, 0)} things on Referwell`}
      heading={p.period === 'daily' ? 'Your daily digest' : 'Your weekly digest'}
      reason={
        p.unsubscribeScope
          ? `You get this e-mail because "${EMAIL_CATEGORY_INFO[p.unsubscribeScope].label}" e-mails are on.`
          : `You get this e-mail because you chose a ${p.period} digest.`
      }
      {...frame}
    >
      <Paragraph>Hi {p.name}, here is what happened on Referwell.</Paragraph>
      {p.sections.map((section) => (
        <div key={section.heading}>
          <Text style={{ fontSize: 13, fontWeight: 700, color: colors.muted, margin: '16px 0 8px' }}>
            {section.heading.toUpperCase()}
          </Text>
          {section.items.map((item, i) => (
            <Paragraph key={i}>
              {item.text}{' '}
              <a href={frame.origin + item.path} style={{ color: colors.accent }}>
                Open
              </a>
            </Paragraph>
          ))}
        </div>
      ))}
      <Action href={frame.origin + p.path}>Open Referwell</Action>
    </Layout>
  ),
});
