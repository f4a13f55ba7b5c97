import type { RouteObject } from 'react-router';
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

describe('app routes', () => {
  it('are exactly the shared route list the server answers 404 from', () => {
    const routed = patterns(routes).sort();
    expect(routed).toEqual([...Object.values(APP_ROUTES)].sort());
  });
});
