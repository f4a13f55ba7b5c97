import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  Outlet,
  RouterProvider,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '@/components/not-found-page';
import { publicContentPaths, contentRoutes } from './routes';

/*
 * Prerendering renders these pages on the server and the browser hydrates them. The server render and
 * the first client render must produce identical markup, or React throws the server HTML away (text)
 * or leaves stale attributes behind (e.g. an href) and logs an error.
 */

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

function makeRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })) },
        // Fresh copies: the router resolves `lazy` into the route objects it is given.
        ...contentRoutes.map((route) => ({ ...route })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

async function serverRender(path: string): Promise<string> {
  const handler = createStaticHandler(makeRoutes());
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect or response`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Loads the matched lazy routes first, as a prerendered app must before it hydrates. */
async function clientRouter(path: string) {
  const routes = makeRoutes();
  for (const match of matchRoutes(routes, path) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') {
      Object.assign(match.route, await lazy());
      match.route.lazy = undefined;
    }
  }
  return createMemoryRouter(routes, { initialEntries: [path] });
}

function setBookingMeta(content: string) {
  const tag = document.createElement('meta');
  tag.name = 'rw-booking-url';
  tag.content = content;
  document.head.append(tag);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="rw-booking-url"]').forEach((tag) => tag.remove());
  document.body.innerHTML = '';
});

describe('server rendering and hydration', () => {
  it.each(['/', ...publicContentPaths(), '/resources/companies/articles/no-such-article'])(
    '%s hydrates without a mismatch',
    async (path) => {
      setBookingMeta('https://cal.example.com/referwell');
      const html = await serverRender(path);
      expect(html).toContain('<h1');
      if (path === '/beta-program-companies') expect(html).toContain('href="/waitlist"');
      if (path === '/how-it-works') expect(html).toContain('share-offsite/?url=%2Fhow-it-works"');

      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const router = await clientRouter(path);
      const onRecoverableError = vi.fn();
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        await act(async () => {
          hydrateRoot(container, <RouterProvider router={router} />, { onRecoverableError });
        });
        expect(onRecoverableError).not.toHaveBeenCalled();
        expect(consoleError).not.toHaveBeenCalled();
      } finally {
        consoleError.mockRestore();
        consoleWarn.mockRestore();
      }
      expect(container.querySelectorAll('h1')).toHaveLength(1);
      // After hydration the browser-only values are in place.
      if (path === '/beta-program-companies') {
        expect(container.querySelector('a[href="https://cal.example.com/referwell"]')).not.toBeNull();
      }
      if (path === '/how-it-works') {
        expect(container.innerHTML).toContain(encodeURIComponent(`${window.location.origin}/how-it-works`));
      }
      router.dispose();
    },
  );
});
