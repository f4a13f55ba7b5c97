import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT, SAVED_SEARCH_MESSAGES, type SavedSearch } from '@referwell/shared';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { linkIn, mailsContaining, mailsTo } from '../../test/mail';
import { sendSearchAlerts } from './alerts';

let t: TestApp;
let admin: SignedUp;
let seeker: SignedUp;
let otherSeeker: SignedUp;

const { call } = requestsTo(() => t);

const postJob = (title: string, overrides: object = {}) =>
  postJobAs(t, admin, {
    title,
    company: 'Alert Health',
    location: 'Remote (US)',
    description: 'Build things clinicians use.',
    requirements: 'Experience.',
    skills: [],
    ...overrides,
  });

async function save(who: SignedUp, body: object): Promise<SavedSearch> {
  const res = await call('POST', '/api/saved-searches', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SavedSearch;
}

const alertsTo = (email: string, subject: string, count: number) => mailsContaining(t, email, subject, count);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Alert Health' });
  seeker = await signUp(t, { name: 'Alex Alert' });
  otherSeeker = await signUp(t, { name: 'Other Seeker' });
});
afterAll(() => t.close());

describe('saved searches', () => {
  it('saves the search with its filters and counts new matching jobs until it is opened', async () => {
    await postJob('Older Interface Analyst');
    const saved = await save(seeker, {
      name: 'Remote interface work',
      filters: { q: 'interface', workplace: 'remote', minSalary: '100000', sort: 'newest' },
    });
    expect(saved).toMatchObject({ name: 'Remote interface work', alert: 'daily', newJobs: 0 });
    expect(saved.query).toBe('q=interface&workplace=remote&minSalary=100000&sort=newest');

    await postJob('Interface Engineer', { salary: '$120k - $140k' });
    await postJob('Interface Engineer, low pay', { salary: '$60k' });
    await postJob('Billing Specialist', { salary: '$150k' });
    const [listed] = (await call('GET', '/api/saved-searches', seeker)).json() as SavedSearch[];
    expect(listed).toMatchObject({ id: saved.id, newJobs: 1 });

    expect((await call('POST', `/api/saved-searches/${saved.id}/seen`, seeker)).statusCode).toBe(204);
    const [seen] = (await call('GET', '/api/saved-searches', seeker)).json() as SavedSearch[];
    expect(seen!.newJobs).toBe(0);
  });

  it('renames, changes alerts and deletes only for its owner', async () => {
    const saved = await save(seeker, { name: 'Mine', filters: { q: 'fhir' } });
    const url = `/api/saved-searches/${saved.id}`;
    for (const who of [otherSeeker, admin, undefined]) {
      const expected = who === otherSeeker ? 404 : who ? 403 : 401;
      expect((await call('PATCH', url, who, { alert: 'off' })).statusCode).toBe(expected);
      expect((await call('DELETE', url, who)).statusCode).toBe(expected);
      expect((await call('POST', `${url}/seen`, who)).statusCode).toBe(expected);
    }
    expect((await call('GET', '/api/saved-searches', otherSeeker)).json()).toEqual([]);
    expect((await call('GET', '/api/saved-searches', admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/saved-searches', admin, { name: 'x', filters: {} })).statusCode).toBe(403);

    const renamed = await call('PATCH', url, seeker, { name: 'FHIR roles', alert: 'weekly' });
    expect(renamed.json()).toMatchObject({ name: 'FHIR roles', alert: 'weekly' });
    expect((await call('DELETE', url, seeker)).statusCode).toBe(204);
    expect((await call('PATCH', url, seeker, { alert: 'off' })).statusCode).toBe(404);
  });

  it('refuses a nameless search, bad filters and more than the limit', async () => {
    const blank = await call('POST', '/api/saved-searches', seeker, { name: '  ', filters: {} });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(SAVED_SEARCH_MESSAGES.nameRequired);
    expect(
      (await call('POST', '/api/saved-searches', seeker, { name: 'x', filters: { sort: 'cheap' } })).statusCode,
    ).toBe(400);
    const many = await signUp(t, { name: 'Many Searches' });
    for (let i = 0; i < SAVED_SEARCH_LIMIT; i++) await save(many, { name: `Search ${i}`, filters: { q: `s${i}` } });
    const over = await call('POST', '/api/saved-searches', many, { name: 'One more', filters: {} });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(SAVED_SEARCH_MESSAGES.tooMany);
  });
});

describe('job alerts', () => {
  it('mails an instant alert for a matching new job, each job once, with one-click unsubscribe', async () => {
    const alertee = await signUp(t, { name: 'Ivy Instant' });
    const email = alertee.body.user.email;
    const saved = await save(alertee, { name: 'HL7 roles', filters: { q: 'hl7' }, alert: 'instant' });
    const first = await postJob('Healthcare Integration Engineer (HL7/FHIR)');
    await postJob('Revenue Cycle Analyst');

    const [mail] = await alertsTo(email, 'for "HL7 roles"', 1);
    expect(mail).toContain('Subject: 1 new job for "HL7 roles"');
    expect(mail).toContain('Healthcare Integration Engineer (HL7/FHIR)');
    expect(mail).not.toContain('Revenue Cycle Analyst');
    expect(linkIn(mail!, '/job/')).toBe(`/job/${first.id}`);

    await postJob('HL7 Interface Analyst');
    const mails = await alertsTo(email, 'for "HL7 roles"', 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('HL7 Interface Analyst');
    expect(mails[1]).not.toContain('Healthcare Integration Engineer');

    // The unsubscribe link switches off this search's alerts (one-click POST, no session).
    const unsubscribeUrl = new URL(/List-Unsubscribe: <(.*)>/.exec(mails[1]!)![1]!);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${unsubscribeUrl.pathname}${unsubscribeUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [after] = (await call('GET', '/api/saved-searches', alertee)).json() as SavedSearch[];
    expect(after).toMatchObject({ id: saved.id, alert: 'off' });
    await postJob('Senior HL7 Engineer');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await mailsTo(t, email)).filter((m) => m.includes('for "HL7 roles"'))).toHaveLength(2);
  }, 60_000);

  it('sends daily alerts from the scheduled run with only jobs not sent before', async () => {
    const daily = await signUp(t, { name: 'Dana Daily' });
    const email = daily.body.user.email;
    await save(daily, { name: 'Epic analysts', filters: { q: 'epic analyst' }, alert: 'daily' });
    await postJob('Epic Analyst');
    await sendSearchAlerts(t.database.db, 'daily');
    const [mail] = await alertsTo(email, 'for "Epic analysts"', 1);
    expect(mail).toContain('Epic Analyst');
    await sendSearchAlerts(t.database.db, 'daily');
    expect((await mailsTo(t, email)).filter((m) => m.includes('for "Epic analysts"'))).toHaveLength(1);
  }, 60_000);

  it('alerts a search with a place only to jobs in that place (issue 38)', async () => {
    const placed = await signUp(t, { name: 'Mae Massachusetts' });
    const email = placed.body.user.email;
    await save(placed, { name: 'Coders in MA', filters: { q: 'coder', location: 'MA' }, alert: 'daily' });
    await postJob('Medical Coder East', { location: 'Hybrid — Boston, MA', salary: '$55,000 - $65,000 per year' });
    await postJob('Medical Coder South', { location: 'Nashville, TN' });
    await postJob('Medical Coder Anywhere', { location: 'Remote (US)' });
    await sendSearchAlerts(t.database.db, 'daily');
    const [mail] = await alertsTo(email, 'for "Coders in MA"', 1);
    expect(mail).toContain('Medical Coder East');
    expect(mail).not.toContain('Medical Coder South');
    expect(mail).not.toContain('Medical Coder Anywhere');
  }, 60_000);
});
