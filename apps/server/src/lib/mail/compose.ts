import { createHash } from 'node:crypto';
import { render } from '@react-email/render';
import { mailTemplates, type TemplateName, type TemplateProps } from './templates';
import type { MailTemplate } from './templates/template';
import type { OutgoingMail } from './transport';
import { unsubscribeToken } from './unsubscribe';

export interface MailJob<N extends TemplateName = TemplateName> {
  /** Idempotency key: one key, one mail, however often the job runs. */
  key: string;
  template: N;
  to: string;
  /** The recipient's account, when they have one (needed for the unsubscribe link). */
  userId?: string | null;
  props: TemplateProps<N>;
}

export interface ComposeContext {
  publicUrl: string;
  sessionSecret: string;
}

export function messageIdFor(key: string, publicUrl: string): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return `<${digest}@${new URL(publicUrl).hostname}>`;
}

const TEXT_OPTIONS = {
  // "Label https://..." rather than "Label [https://...]": a link ends at a space, so it can be copied whole.
  selectors: [{ selector: 'a', options: { linkBrackets: false as const, hideLinkHrefIfSameAsText: true } }],
};

/** Renders a job's template to HTML and text with the headers every mail carries. */
export async function composeMail(job: MailJob, ctx: ComposeContext): Promise<OutgoingMail> {
  const template = mailTemplates[job.template] as MailTemplate<unknown>;
  const origin = ctx.publicUrl.replace(/\/$/, '');
  const scope =
    template.unsubscribeScope?.(job.props) ?? (template.category && job.userId ? template.category : undefined);
  const unsubscribeUrl =
    scope && job.userId
      ? `${origin}/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.sessionSecret, job.userId, scope))}`
      : undefined;
  const element = template.render(job.props, { origin, settingsUrl: `${origin}/settings`, unsubscribeUrl });
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  const headers: Record<string, string> = {};
  if (unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    to: job.to,
    subject: template.subject(job.props),
    html,
    text,
    messageId: messageIdFor(job.key, ctx.publicUrl),
    headers,
  };
}
