import { formatDate } from '@referwell/shared';
import { Action, Layout, Paragraph } from './layout';
import { defineTemplate } from './template';

const ACCOUNT_REASON = 'You get this e-mail because of an action on your Referwell account.';

export const passwordReset = defineTemplate<{ name: string; path: string; minutes: number }>({
  category: null,
  subject: () => 'Reset your Referwell password',
  sample: { name: 'Avery Quinn', path: '/reset-password?token=sample', minutes: 60 },
  render: (p, frame) => (
    <Layout preview="Choose a new password" heading="Reset your password" reason={ACCOUNT_REASON} {...frame}>
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your Referwell account. If it was you, choose a new password (the link
        works once, for {p.minutes} minutes):
      </Paragraph>
      <Action href={frame.origin + p.path}>Choose a new password</Action>
      <Paragraph>If you did not ask for this, you can ignore this e-mail: your password stays the same.</Paragraph>
    </Layout>
  ),
});

export const confirmEmail = defineTemplate<{ name: string; path: string; change: boolean }>({
  category: null,
  subject: (p) => (p.change ? 'Confirm your new e-mail address' : 'Confirm your e-mail address'),
  sample: { name: 'Avery Quinn', path: '/confirm-email?token=sample', change: false },
  render: (p, frame) => (
    <Layout
      preview="One click to confirm this address"
      heading={p.change ? 'Confirm your new e-mail address' : 'Confirm your e-mail address'}
      reason={ACCOUNT_REASON}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        {p.change
          ? 'You asked to change the e-mail address of your Referwell account to this one. Confirm it and we will use it from now on:'
          : 'Welcome to Referwell. Confirm this is your address so referral requests and updates reach you:'}
      </Paragraph>
      <Action href={frame.origin + p.path}>Confirm e-mail address</Action>
      <Paragraph>If you did not ask for this, you can ignore this e-mail.</Paragraph>
    </Layout>
  ),
});

export const confirmSignup = defineTemplate<{ name: string; path: string; hours: number }>({
  category: null,
  subject: () => 'Finish creating your Referwell account',
  sample: { name: 'Avery Quinn', path: '/confirm-signup?token=sample', hours: 48 },
  render: (p, frame) => (
    <Layout
      preview="One step to your account"
      heading="Finish creating your account"
      reason="You get this e-mail because someone signed up to Referwell with this address."
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        Welcome to Referwell. Open this link and enter the password you chose to create your account (it works for{' '}
        {p.hours} hours):
      </Paragraph>
      <Action href={frame.origin + p.path}>Create my account</Action>
      <Paragraph>If you did not sign up, ignore this e-mail: no account is created without that password.</Paragraph>
    </Layout>
  ),
});

/** Told to the owner of an address that already has an account: a sign-up, or another account's change, used it. */
export const signupAttempt = defineTemplate<{ change?: boolean }>({
  category: null,
  subject: (p) =>
    p.change
      ? 'Someone asked to move their Referwell account to your e-mail'
      : 'Someone tried to sign up to Referwell with your e-mail',
  sample: { change: false },
  render: (p, frame) => (
    <Layout
      preview="Your account is unchanged"
      heading={p.change ? 'Someone tried to use your e-mail' : 'Someone tried to sign up with your e-mail'}
      reason={ACCOUNT_REASON}
      {...frame}
    >
      <Paragraph>
        {p.change
          ? 'Someone just asked to change the e-mail address of another Referwell account to this one, which already has an account. Nothing was changed.'
          : 'Someone just tried to create a Referwell account with this e-mail address, which already has an account.'}
      </Paragraph>
      <Paragraph>If it was you, log in:</Paragraph>
      <Action href={`${frame.origin}/login`}>Log in</Action>
      <Paragraph>
        Forgot your password? Choose a new one at {frame.origin}/forgot-password. If it was not you, you can ignore this
        e-mail: nothing has changed on your account.
      </Paragraph>
    </Layout>
  ),
});

export const teamInvitation = defineTemplate<{
  name: string;
  inviterName: string;
  companyName: string;
  path: string;
  days: number;
}>({
  category: null,
  subject: (p) => `${p.inviterName} invited you to join ${p.companyName} on Referwell`,
  sample: {
    name: 'Jordan Lee',
    inviterName: 'Avery Quinn',
    companyName: 'Northwind Health',
    path: '/signup?invite=sample',
    days: 7,
  },
  render: (p, frame) => (
    <Layout
      preview={`Join ${p.companyName} on Referwell`}
      heading={`Join ${p.companyName} on Referwell`}
      reason={`You get this e-mail because ${p.inviterName} invited this address.`}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        {p.inviterName} invited you to join {p.companyName} on Referwell, where employees refer great people for open
        roles.
      </Paragraph>
      <Paragraph>Create your account (the link works for {p.days} days):</Paragraph>
      <Action href={frame.origin + p.path}>Create your account</Action>
    </Layout>
  ),
});

export const kudosRequest = defineTemplate<{ talentName: string; path: string; days: number }>({
  category: null,
  subject: (p) => `${p.talentName} asked you for kudos on Referwell`,
  sample: { talentName: 'Morgan Example', path: '/kudos/sample', days: 14 },
  render: (p, frame) => (
    <Layout
      preview={`A few words about working with ${p.talentName}`}
      heading={`${p.talentName} asked you for kudos`}
      reason={`You get this e-mail because ${p.talentName} entered this address.`}
      {...frame}
    >
      <Paragraph>Hi,</Paragraph>
      <Paragraph>
        {p.talentName} is looking for their next role in healthcare technology and asked you for kudos: a few words
        about working with them, shown on their Referwell profile.
      </Paragraph>
      <Paragraph>Write your kudos (the link works for {p.days} days, once):</Paragraph>
      <Action href={frame.origin + p.path}>Write kudos</Action>
      <Paragraph>If you do not know this person, ignore this e-mail.</Paragraph>
    </Layout>
  ),
});

export const dataExportReady = defineTemplate<{ name: string; path: string; days: number }>({
  category: null,
  subject: () => 'Your Referwell data is ready to download',
  sample: { name: 'Avery Quinn', path: '/api/exports/sample/download?token=sample', days: 7 },
  render: (p, frame) => (
    <Layout preview="Download your data" heading="Your data is ready" reason={ACCOUNT_REASON} {...frame}>
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        The copy of your Referwell data you asked for is ready: a ZIP file with your profile, applications, referrals,
        messages, notifications, kudos, settings and the résumé you uploaded. Log in to Referwell, then download it (the
        link works for {p.days} days, and only for you):
      </Paragraph>
      <Action href={frame.origin + p.path}>Download my data</Action>
      <Paragraph>If you did not ask for this, change your password on your settings page.</Paragraph>
    </Layout>
  ),
});

export const accountDeletionScheduled = defineTemplate<{ name: string; date: string; days: number }>({
  category: null,
  subject: () => 'Your Referwell account will be deleted',
  sample: { name: 'Avery Quinn', date: '2026-12-02', days: 7 },
  render: (p, frame) => (
    <Layout
      preview={`Log in before ${formatDate(p.date)} to keep it`}
      heading="Your account will be deleted"
      reason={ACCOUNT_REASON}
      {...frame}
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        You asked us to delete your Referwell account. We will delete it on {formatDate(p.date)} ({p.days} days from
        now): your profile, résumé and settings will be removed, and you will appear as &quot;Deleted user&quot; in the
        conversations and referrals other people keep.
      </Paragraph>
      <Paragraph>Changed your mind? Log in before then and your account stays as it is:</Paragraph>
      <Action href={`${frame.origin}/login`}>Keep my account</Action>
    </Layout>
  ),
});

/** Retention (issue 36): the data a company (or Referwell, for a job seeker profile) keeps ends soon; one click renews. */
export const retentionReminder = defineTemplate<{ name: string; holder: string; date: string; path: string }>({
  category: null,
  subject: (p) => `${p.holder} will delete your data on ${formatDate(p.date)}`,
  sample: {
    name: 'Avery Quinn',
    holder: 'Northwind Health',
    date: '2026-12-31',
    path: '/api/talent-pool/renew?token=sample',
  },
  render: (p, frame) => (
    <Layout preview="One click keeps your profile" heading="Keep your profile?" reason={ACCOUNT_REASON} {...frame}>
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        {p.holder} keeps your profile and application history for a set time after your last activity. That time ends on{' '}
        {formatDate(p.date)}: your personal data will then be deleted (referral records stay, without your name).
      </Paragraph>
      <Paragraph>Want to stay in the talent pool? One click renews your consent:</Paragraph>
      <Action href={frame.origin + p.path}>Keep my profile</Action>
      <Paragraph>If you do nothing, your data is deleted on that day.</Paragraph>
    </Layout>
  ),
});
