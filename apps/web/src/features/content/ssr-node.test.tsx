// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '@/components/not-found-page';
import { contentRoutes, publicContentPaths } from './routes';

/* Prerendering runs in Node, where there is no window or document: rendering must not touch them. */

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, lazy: () => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage })) },
      ...contentRoutes,
      { path: '*', Component: NotFoundPage },
    ],
  },
];

describe('rendering in Node', () => {
  it('has no DOM globals', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it.each(['/', ...publicContentPaths()])('%s renders to HTML', async (path) => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`${path} answered with a response`);
    const html = renderToString(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toContain('Oops! Page not found');
  });
});
