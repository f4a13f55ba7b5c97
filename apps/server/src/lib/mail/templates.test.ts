import { describe, expect, it } from 'vitest';
import { composeMail } from './compose';
import { mailTemplates, type TemplateName } from './templates';
import { verifyUnsubscribeToken } from './unsubscribe';

const ctx = { publicUrl: 'https://referwell.example', sessionSecret: 's'.repeat(40) };
const userId = '5b0d4f5e-8a7b-4c1e-9d2f-0a1b2c3d4e5f';
const names = Object.keys(mailTemplates) as TemplateName[];

const compose = (name: TemplateName) =>
  composeMail(
    { key: `test:${name}`, template: name, to: 'someone@example.com', userId, props: mailTemplates[name].sample },
    ctx,
  );

describe.each(names)('mail template %s', (name) => {
  it('renders HTML and a plain-text part with its subject, its action link and the settings link', async () => {
    const mail = await compose(name);
    const template = mailTemplates[name];
    expect(mail.subject).toBe(template.subject(template.sample as never));
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    expect(mail.html).toContain('Referwell');
    expect(mail.html).toContain('href="https://referwell.example/settings"');
    expect(mail.text).toContain('https://referwell.example/settings');
    // Links end at whitespace in the text part (no brackets glued to them), so they can be followed as printed.
    for (const url of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(url).not.toMatch(/[\]>)]$/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{40}@referwell\.example>$/);
  });

  it('carries one-click unsubscribe headers when it belongs to a category, none for account mail', async () => {
    const mail = await compose(name);
    const template = mailTemplates[name];
    const expectsUnsubscribe = template.category !== null || template.unsubscribeScope !== undefined;
    if (!expectsUnsubscribe) {
      expect(mail.headers['List-Unsubscribe']).toBeUndefined();
      return;
    }
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/referwell\.example\/api\/mail\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers['List-Unsubscribe']!,
    )?.[1];
    expect(url).toBeDefined();
    const token = new URL(url!).searchParams.get('token')!;
    expect(verifyUnsubscribeToken(ctx.sessionSecret, token)).toEqual({
      userId,
      scope: template.unsubscribeScope?.(template.sample as never) ?? template.category,
    });
    expect(mail.html).toContain('unsubscribe from these e-mails');
  });
});

describe('unsubscribe tokens', () => {
  it('refuse a changed scope, another user or another secret', async () => {
    const mail = await compose('referral-requests');
    const token = new URL(/<([^>]+)>/.exec(mail.headers['List-Unsubscribe']!)![1]!).searchParams.get('token')!;
    const [, , signature] = token.split('.');
    expect(verifyUnsubscribeToken(ctx.sessionSecret, `${userId}.messages.${signature}`)).toBeNull();
    expect(
      verifyUnsubscribeToken(ctx.sessionSecret, `${userId.replace('5', '6')}.referral_requests.${signature}`),
    ).toBeNull();
    expect(verifyUnsubscribeToken('x'.repeat(40), token)).toBeNull();
    expect(verifyUnsubscribeToken(ctx.sessionSecret, 'garbage')).toBeNull();
  });

  it('give the same Message-ID for the same key, so a resend is recognisable', async () => {
    expect((await compose('digest')).messageId).toBe((await compose('digest')).messageId);
  });
});
