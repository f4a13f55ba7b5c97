import { describe, expect, it } from 'vitest';
import { isAppPath } from './routes';

describe('isAppPath', () => {
  it.each([
    '/',
    '/jobs-board',
    '/jobs-board/',
    '/job/6b1f3c1e-0000-4000-8000-000000000000',
    '/job/abc/edit',
    '/company/northwind/referrers',
    '/resources/companies/articles/hiring-best-practices',
    '/talent/jane-doe',
    '/studio-portal',
  ])('knows %s', (path) => expect(isAppPath(path)).toBe(true));

  it.each(['/nope', '/job', '/job/1/edit/more', '/jobs-board/x', '/company', '/resources/companies/articles'])(
    'refuses %s',
    (path) => expect(isAppPath(path)).toBe(false),
  );
});
