// Referrer profiles worth reading: title, department, team and the day they started at the company (never the day
// they signed up), asked for once at first sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestsTo, signUp, type SignedUp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let seeker: SignedUp;
let slug: string;

const { call, ok } = requestsTo(() => t);

interface Card {
  id: string;
  title: string | null;
  department: string | null;
  team: string | null;
  startDate: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Profile Health' });
  slug = admin.body.company!.slug;
  const { inviteCode } = await ok<{ inviteCode: string }>(
    'GET',
    `/api/companies/${admin.body.company!.id}/team`,
    admin,
  );
  member = await signUp(t, { role: 'referrer', inviteCode, name: 'Pat Newcomer' });
  seeker = await signUp(t, { name: 'Jamie Seeker' });
});
afterAll(() => t.close());

const card = async (id: string) =>
  (await ok<{ referrers: Card[] }>('GET', `/api/companies/${slug}/referrers`, seeker)).referrers.find(
    (r) => r.id === id,
  )!;

describe('referrer details', () => {
  it('shows no start date until the referrer gives one: the sign-up day is not "at the company since"', async () => {
    expect(await card(member.body.user.id)).toMatchObject({
      title: null,
      department: null,
      team: null,
      startDate: null,
    });
    expect((await ok<Card>('GET', `/api/referrers/${member.body.user.id}`, seeker)).startDate).toBeNull();
  });

  it('asks at first sign-in; saving title, department, team and start date answers it and shows on the card', async () => {
    expect(await ok('GET', '/api/referrers/me/details-prompt', member)).toEqual({ ask: true });
    const bad = await call('PUT', '/api/referrers/me/details', member, { startDate: '2024-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.startDate).toBe('Please enter a valid date');

    const saved = await ok<Card & { bio: string | null }>('PUT', '/api/referrers/me/details', member, {
      title: 'Senior Integration Engineer',
      department: 'Clinical Integrations',
      team: 'HL7 & FHIR Interfaces',
      startDate: '2021-03-01',
    });
    expect(saved).toMatchObject({
      title: 'Senior Integration Engineer',
      department: 'Clinical Integrations',
      team: 'HL7 & FHIR Interfaces',
      startDate: '2021-03-01',
    });
    expect(await card(member.body.user.id)).toMatchObject({ team: 'HL7 & FHIR Interfaces', startDate: '2021-03-01' });
    expect(await ok('GET', '/api/referrers/me/details-prompt', member)).toEqual({ ask: false });
  });

  it('keeps the rest of the profile when the prompt saves, and the full edit keeps the team', async () => {
    await ok('PUT', '/api/referrers/me', member, {
      title: 'Senior Integration Engineer',
      team: 'HL7 & FHIR Interfaces',
      bio: 'I connect hospitals.',
      startDate: '2021-03-01',
    });
    const saved = await ok<{ bio: string | null; team: string | null }>('PUT', '/api/referrers/me/details', member, {
      title: 'Lead Integration Engineer',
      team: 'Interfaces',
      startDate: '2021-03-01',
    });
    expect(saved).toMatchObject({ bio: 'I connect hospitals.', team: 'Interfaces' });
  });

  it('"Not now" stops asking; a member with title and start date is never asked', async () => {
    expect(await ok('GET', '/api/referrers/me/details-prompt', admin)).toEqual({ ask: true });
    expect((await call('POST', '/api/referrers/me/details/skip', admin)).statusCode).toBe(204);
    expect(await ok('GET', '/api/referrers/me/details-prompt', admin)).toEqual({ ask: false });
    // The answer stays editable on the profile.
    expect((await ok<Card>('GET', `/api/referrers/${admin.body.user.id}`, admin)).startDate).toBeNull();
  });

  it('is for company members only', async () => {
    expect((await call('GET', '/api/referrers/me/details-prompt', seeker)).statusCode).toBe(403);
    expect((await call('PUT', '/api/referrers/me/details', seeker, { title: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/referrers/me/details/skip')).statusCode).toBe(401);
  });
});
