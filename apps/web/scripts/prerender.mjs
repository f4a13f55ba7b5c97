// Renders the public pages to HTML after `vite build` (client) and `vite build --ssr`:
// each page's markup goes into the built index.html with its own title, description,
// Open Graph tags and canonical link. The server serves these files for their paths and
// fills %RW_ORIGIN% with the deployment's origin; the browser then hydrates them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssrEntry = path.join(webRoot, 'dist-ssr', 'entry-server.js');
const { render, prerenderPaths, prerenderVariants, documentTitle } = await import(pathToFileURL(ssrEntry).href);

// The stylesheet is inlined into prerendered pages: first paint then needs no second round trip.
// Font URLs inside it are absolute (/assets/...), so they resolve the same from any page.
const template = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
  /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/,
  (_tag, href) => `<style>${readFileSync(path.join(dist, href), 'utf8').replaceAll('</style', '<\\/style')}</style>`,
);
const escape = (value) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function pageHtml(pagePath, markup, meta) {
  const title = escape(documentTitle(meta));
  const description = escape(meta.description);
  const url = `%RW_ORIGIN%${pagePath === '/' ? '/' : pagePath}`;
  const head = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    meta.indexable === false ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Referwell" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const withHead = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `    ${head}\n  </head>`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  return withHead.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

const outDir = path.join(dist, 'prerendered');
rmSync(outDir, { recursive: true, force: true });
const paths = prerenderPaths();
for (const pagePath of paths) {
  const { html, meta } = await render(pagePath);
  if (!meta) throw new Error(`${pagePath} has no page meta (add handle.meta to its route)`);
  const file = path.join(outDir, pagePath === '/' ? '' : pagePath.slice(1), 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, pageHtml(pagePath, html, meta));
}
// A version of a page for one value of a query parameter (`/signup?role=referrer`) goes beside the page's index.html
// as index.role=referrer.html, its canonical link the page's own; the server sends it for that value (lib/spa.ts).
const variants = prerenderVariants();
for (const variant of variants) {
  const [pagePath, query] = variant.split('?');
  const [param, value] = [...new URLSearchParams(query).entries()][0];
  if (!paths.includes(pagePath)) throw new Error(`${variant}: ${pagePath} is not a prerendered page`);
  const { html, meta } = await render(variant);
  const file = path.join(outDir, pagePath === '/' ? '' : pagePath.slice(1), `index.${param}=${value}.html`);
  writeFileSync(file, pageHtml(pagePath, html, meta));
}
writeFileSync(path.join(dist, 'prerendered.json'), `${JSON.stringify(paths, null, 2)}\n`);
rmSync(path.join(webRoot, 'dist-ssr'), { recursive: true, force: true });
console.log(`prerendered ${paths.length} public pages and ${variants.length} versions by query into dist/prerendered/`);
