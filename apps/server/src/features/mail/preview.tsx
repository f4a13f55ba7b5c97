import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { composeMail } from '../../lib/mail/compose';
import { isTemplateName, mailTemplates, type TemplateName } from '../../lib/mail/templates';
import { notFound } from '../../lib/errors';
import { page } from '../../lib/small-page';

const SAMPLE_USER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * For developers, registered only when DEV_ROUTES is set (whatever NODE_ENV says): every template rendered with its
 * sample data, as HTML and as the plain-text part, with the headers it would carry.
 */
export const mailPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { publicUrl: app.config.publicUrl, sessionSecret: app.secret };
  const sample = (name: TemplateName) =>
    composeMail(
      {
        key: `preview:${name}`,
        template: name,
        to: 'preview@example.com',
        userId: SAMPLE_USER_ID,
        props: mailTemplates[name].sample,
      },
      ctx,
    );

  app.get('/api/dev/mail', { config: { access: 'visitor' }, schema: { hide: true } }, async (_request, reply) => {
    const names = Object.keys(mailTemplates) as TemplateName[];
    const rows = await Promise.all(names.map(async (name) => ({ name, mail: await sample(name) })));
    const html = page(
      'Mail templates',
      <ul style={{ paddingLeft: 16, lineHeight: '28px' }}>
        {rows.map(({ name, mail }) => (
          <li key={name}>
            <a href={`/api/dev/mail/${name}`}>{name}</a> — {mail.subject} (
            <a href={`/api/dev/mail/${name}?format=text`}>text</a>)
            {mail.headers['List-Unsubscribe'] ? ' · List-Unsubscribe' : ''}
          </li>
        ))}
      </ul>,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get(
    '/api/dev/mail/:name',
    {
      config: { access: 'visitor' },
      schema: {
        hide: true,
        params: z.object({ name: z.string() }),
        querystring: z.object({ format: z.enum(['html', 'text']).default('html') }),
      },
    },
    async (request, reply) => {
      if (!isTemplateName(request.params.name)) throw notFound('No such mail template.');
      const mail = await sample(request.params.name);
      if (request.query.format === 'text') {
        const head = Object.entries({ Subject: mail.subject, 'Message-ID': mail.messageId, ...mail.headers })
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n');
        return reply.type('text/plain; charset=utf-8').send(`${head}\n\n${mail.text}`);
      }
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );
};
