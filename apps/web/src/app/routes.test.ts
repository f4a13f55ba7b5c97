import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '@referwell/shared/routes';
import { routes } from './routes';

/** Every full path pattern in the route tree ('' for the home page), without the catch-all. */
function patterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index
      ? parent
      : route.path === undefined
        ? parent
        : [parent, route.path].filter(Boolean).join('/');
    const path = own.replace(/^\/+/, '');
    const here = route.index || (route.path !== undefined && route.path !== '*' && route.path !== '/') ? [path] : [];
    return [...here, ...(route.children ? patterns(route.children, path) : [])];
  });
}

/** The shared pattern a routed path is: itself, or a pattern with parameters it fills (an article route per slug). */
const patternOf = (path: string) =>
  Object.values(APP_ROUTES).find((pattern) => pattern === path) ??
  Object.values(APP_ROUTES).find((pattern) => pattern.includes(':') && matchPath(`/${pattern}`, `/${path}`)) ??
  path;

describe('app routes', () => {
  it('are exactly the shared route list the server answers 404 from', () => {
    const routed = [...new Set(patterns(routes).map(patternOf))].sort();
    expect(routed).toEqual([...Object.values(APP_ROUTES)].sort());
  });
});
