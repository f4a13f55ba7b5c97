// Build-time rendering of the public pages (see scripts/prerender.mjs); never shipped to browsers.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { preloadHydrateOnIntentParts } from './components/hydrate-on-intent';
import { prerenderedPaths, routes } from './app/routes';
import { publicContentPaths } from './features/content/routes';
import { resolvePageMeta, type PageMeta } from './lib/page-meta';
import { SIGNUP_ROLES } from '@referwell/shared/rules/auth-texts';

export { documentTitle } from './lib/page-meta';

export function prerenderPaths(): string[] {
  return [...prerenderedPaths, ...publicContentPaths()];
}

/**
 * Prerendered pages that also have a version per value of one query parameter, as `path?param=value`: the server
 * sends the version the address asks for (apps/server/src/lib/spa.ts), so what the query chooses is in the HTML before
 * any script runs. /signup?role=…: the role a link chose is selected in the plain form (a form posted before its code
 * arrives would otherwise stop at an empty role, ADR 0052).
 */
export function prerenderVariants(): string[] {
  return SIGNUP_ROLES.map((role) => `/signup?${new URLSearchParams({ role }).toString()}`);
}

export async function render(path: string): Promise<{ html: string; meta: PageMeta | null }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  // A part hydrated on intent is rendered whole into the page: its plain HTML form works before any script.
  await preloadHydrateOnIntentParts();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders>
      {/* hydrate={false}: no inline hydration script, so the strict CSP holds. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return { html, meta: resolvePageMeta(context.matches) };
}
