import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { colors } from './mail/templates/layout';

/** A small server-rendered page (unsubscribe works without signing in, without the app's JavaScript). */
export function page(title: string, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Referwell`}</title>
      </head>
      <body style={{ margin: 0, background: colors.page, color: colors.text, fontFamily: 'system-ui, sans-serif' }}>
        <main style={{ maxWidth: 480, margin: '64px auto', padding: '0 16px' }}>
          <p style={{ color: colors.accent, fontWeight: 700, fontSize: 18 }}>Referwell</p>
          <div style={{ background: '#fff', border: `1px solid ${colors.border}`, borderRadius: 12, padding: 24 }}>
            <h1 style={{ fontSize: 22, margin: '0 0 16px' }}>{title}</h1>
            {body}
          </div>
        </main>
      </body>
    </html>,
  )}`;
}

export const pageButton = {
  background: colors.accent,
  color: '#fff',
  border: 0,
  borderRadius: 8,
  padding: '12px 20px',
  fontSize: 15,
  fontWeight: 600,
  cursor: 'pointer',
} as const;
