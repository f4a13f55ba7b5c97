import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../lib/errors';
import type { AuthContext } from '../sessions/sessions';
import { requireRouteAccess, type Access } from './route-access';

const person = (type: 'jobseeker' | 'referrer', company: AuthContext['company'] = null): AuthContext => ({
  tokenHash: 'hash',
  user: { id: `${type}-id`, name: 'Someone', email: 'someone@example.com', type, avatarUrl: null, referralCode: null },
  company,
  twoFactorSetupRequired: false,
});
const acme = (role: 'companyAdmin' | 'member', compliance = false) =>
  ({ id: 'acme', name: 'Acme', slug: 'acme', role, compliance }) as const;
const WHO: Record<string, AuthContext | null> = {
  visitor: null,
  seeker: person('jobseeker'),
  formerReferrer: person('referrer'),
  member: person('referrer', acme('member')),
  admin: person('referrer', acme('companyAdmin')),
  compliance: person('referrer', acme('member', true)),
};

let app: FastifyInstance;
afterEach(() => app.close());

/** An app with one route of `access` (with its own preHandler, which must run after the check). */
async function appWith(access: Access | undefined, url = '/api/companies/:companyId/thing') {
  app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = WHO[String(request.headers['x-who'])] ?? null;
  });
  await app.register(async (features) => {
    requireRouteAccess(features);
    features.get(url, { config: access ? { access } : {}, preHandler: async () => {} }, async () => ({ ok: true }));
  });
  await app.ready();
}

async function statuses(url = '/api/companies/acme/thing') {
  const out: Record<string, number> = {};
  for (const who of Object.keys(WHO))
    out[who] = (await app.inject({ method: 'GET', url, headers: { 'x-who': who } })).statusCode;
  return out;
}

describe('route access', () => {
  it('stops the start-up when a route declares no access', async () => {
    await expect(appWith(undefined)).rejects.toThrow(/GET \/api\/companies\/:companyId\/thing declares no access/);
  });

  it('checks each role before the handler', async () => {
    await appWith('visitor');
    expect(await statuses()).toEqual({
      visitor: 200,
      seeker: 200,
      formerReferrer: 200,
      member: 200,
      admin: 200,
      compliance: 200,
    });
    await app.close();
    await appWith('signedIn');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 200,
      formerReferrer: 200,
      member: 200,
      admin: 200,
      compliance: 200,
    });
    await app.close();
    await appWith('jobseeker');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 200,
      formerReferrer: 403,
      member: 403,
      admin: 403,
      compliance: 403,
    });
    await app.close();
    await appWith('referrer');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 403,
      formerReferrer: 200,
      member: 200,
      admin: 200,
      compliance: 200,
    });
    await app.close();
    await appWith('companyUser');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 403,
      formerReferrer: 403,
      member: 200,
      admin: 200,
      compliance: 200,
    });
    await app.close();
    await appWith('companyMember');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 403,
      formerReferrer: 403,
      member: 200,
      admin: 200,
      compliance: 200,
    });
    expect((await statuses('/api/companies/other/thing')).member).toBe(403);
    await app.close();
    await appWith('companyAdmin');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 403,
      formerReferrer: 403,
      member: 403,
      admin: 200,
      compliance: 403,
    });
    expect((await statuses('/api/companies/other/thing')).admin).toBe(403);
    await app.close();
    // The compliance permission, whatever the role: an admin without it is refused (self-identification data).
    await appWith('companyCompliance');
    expect(await statuses()).toEqual({
      visitor: 401,
      seeker: 403,
      formerReferrer: 403,
      member: 403,
      admin: 403,
      compliance: 200,
    });
    expect((await statuses('/api/companies/other/thing')).compliance).toBe(403);
  });

  it("answers with the route's own words", async () => {
    await appWith({ role: 'jobseeker', refused: 'Only job seekers apply.', signedOut: 'Log in to apply.' });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/companies/acme/thing',
      headers: { 'x-who': 'member' },
    });
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Only job seekers apply.' } });
    const visitor = await app.inject({ method: 'GET', url: '/api/companies/acme/thing' });
    expect(visitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Log in to apply.' } });
  });
});
