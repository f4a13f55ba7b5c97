import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preparedRows } from '../../db/prepared';
import { COMPANY_MESSAGES } from '@referwell/shared';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';

const COLORS = ['#0f766e', '#1d4ed8', '#7c3aed', '#b45309', '#be123c', '#15803d', '#0e7490', '#4338ca'];

/** Up to two initials of a company name ("Northwind Health" → "NH"). */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? ['?'];
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A square monogram: companies upload no logo yet, and job search engines want one for the hiring organisation. */
export function monogramSvg(name: string): string {
  const hash = [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const color = COLORS[hash % COLORS.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeHtml(name)}">
<rect width="256" height="256" rx="48" fill="${color}"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="Inter, Arial, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeHtml(initialsOf(name))}</text>
</svg>
`;
}

/** GET /company-logos/{slug}.svg: the company's monogram (the logo in its JobPosting structured data). */
export function registerCompanyLogos(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/company-logos/:file',
    { config: { access: 'visitor' }, schema: { hide: true } },
    async (request, reply) => {
      const slug = request.params.file.endsWith('.svg') ? request.params.file.slice(0, -4) : '';
      const [company] = slug
        ? await preparedRows<{ name: string }>(
            app.db,
            sql`select name from companies where slug = ${slug.toLowerCase()}`,
          )
        : [];
      if (!company) throw notFound(COMPANY_MESSAGES.companyNotFound);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(monogramSvg(company.name));
    },
  );
}
