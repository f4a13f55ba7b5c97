// The portal's HTML document: the company's page set with its logo and colour, no Referwell chrome beyond a small
// footer, no app bundle (nothing to hydrate: search is a GET form, the actions are links into the app). Head tags come
// from the one place server pages make them (lib/server-pages.ts); every value in the markup is escaped.
import { PORTAL_MESSAGES } from '@referwell/shared';
import { escapeHtml } from '../../lib/html';
import { pageHeadTags, type ServerPage } from '../../lib/server-pages';

export interface PortalFrame {
  companyName: string;
  /** '#rrggbb', checked on the way in (shared schema and a CHECK constraint): safe inside the style block. */
  brandColor: string;
  /** Where the portal's pages are: '/c/{slug}' on this site, '' on the company's own host name. */
  base: string;
  /** The logo's address, or null: the company's name is shown instead. */
  logoUrl: string | null;
  /** This site's origin, for the footer's link. */
  siteOrigin: string;
}

/** Small, readable at 375 px, keyboard focus visible; colours reach WCAG AA on white (the brand's by its check). */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:'Inter Variable',ui-sans-serif,system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2937;background:#fff;line-height:1.55}
a{color:var(--brand)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem}
.skip:focus{left:1rem}
.top{border-top:6px solid var(--brand);border-bottom:1px solid #e5e7eb}
.top .wrap{display:flex;align-items:center;min-height:4rem}
.brand{display:inline-flex;align-items:center;text-decoration:none;color:#111827;font-weight:600;font-size:1.25rem}
.brand img{max-height:3rem;max-width:14rem;width:auto;height:auto}
main.wrap{padding:2rem 1rem 3rem}
h1{font-size:1.875rem;line-height:1.2;margin:0 0 .75rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
.intro{font-size:1.0625rem;color:#374151;max-width:44rem}
.search label{display:block;font-weight:600;margin:1.5rem 0 .5rem}
.search .row{display:flex;gap:.5rem}
.search input{flex:1;min-width:0;height:2.75rem;padding:0 .75rem;border:1px solid #6b7280;border-radius:.5rem;font:inherit}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:0 1.125rem;border-radius:.5rem;border:0;background:var(--brand);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.btn.quiet{background:#fff;color:var(--brand);border:2px solid var(--brand)}
.count{color:#4b5563;margin:.25rem 0 1rem}
.jobs{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.jobs a{display:block;border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem 1.25rem;text-decoration:none}
.jobs a:hover{border-color:var(--brand)}
.jobs .t{display:block;font-weight:600;font-size:1.0625rem}
.jobs .m{display:block;color:#4b5563;font-size:.9375rem;margin-top:.25rem}
.facts{list-style:none;padding:0;margin:0 0 1rem;display:flex;flex-wrap:wrap;gap:.5rem}
.facts li{border:1px solid #d1d5db;border-radius:.375rem;padding:.125rem .5rem;font-size:.875rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0}
.note{font-weight:600}
.more{margin-top:1.25rem}
.foot{border-top:1px solid #e5e7eb;padding:1.25rem 1rem 2rem;font-size:.8125rem;color:#4b5563}
.foot a{color:#4b5563}
@media (max-width:640px){h1{font-size:1.5rem}.search .row{flex-direction:column}.btn{width:100%}}
`.replace(/\n/g, '');

/** The whole document for one portal page. */
export function portalDocument(frame: PortalFrame, page: ServerPage, siteOrigin: string): string {
  const brand = frame.logoUrl
    ? `<img src="${escapeHtml(frame.logoUrl)}" alt="${escapeHtml(frame.companyName)}" />`
    : `<span>${escapeHtml(frame.companyName)}</span>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="theme-color" content="${frame.brandColor}" />
${pageHeadTags(page, siteOrigin).join('\n')}
<style>:root{--brand:${frame.brandColor}}${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">${escapeHtml(PORTAL_MESSAGES.skipToContent)}</a>
<header class="top"><div class="wrap"><a class="brand" href="${escapeHtml(frame.base)}/">${brand}</a></div></header>
<main id="main" class="wrap">${page.body}</main>
<footer class="wrap foot"><a href="${escapeHtml(frame.siteOrigin)}/">${escapeHtml(PORTAL_MESSAGES.poweredBy)}</a></footer>
</body>
</html>
`;
}
