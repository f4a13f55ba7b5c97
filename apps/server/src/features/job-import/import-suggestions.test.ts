import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';
import { html, startFixtureServer, type FixtureServer } from '../../test/fixture-server';

let site: FixtureServer;
let t: TestApp;
let recruiter: SignedUp;

/** A careers page without structured data whose requirements list the given lines. */
const careersPage = (requirements: string[]) => `<!doctype html><html><head>
  <title>Customer Success Manager | Fernhill Health Careers</title></head><body>
  <h1>Customer Success Manager</h1>
  <p>Location: Denver, CO</p><p>Employment type: Full-time</p>
  <h2>Responsibilities</h2><ul><li>Own onboarding for our clinic customers</li><li>Run quarterly reviews</li></ul>
  <h2>Requirements</h2><ul>${requirements.map((r) => `<li>${r}</li>`).join('')}</ul>
  <a href="/apply">Apply now</a></body></html>`;

beforeAll(async () => {
  site = await startFixtureServer();
  site.route(
    '/jobs/unknown-tools',
    html(careersPage(['Experience with Salesforce, Gainsight and Vitally', 'Kubernetes, NetSuite, Workato'])),
  );
  site.route('/jobs/known-tools', html(careersPage(['Experience with Salesforce, Gainsight and Kubernetes'])));
  t = await createTestApp({ env: { OUTBOUND_ALLOW_HOSTS: site.host } });
  recruiter = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Suggestions Clinic' });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const importPage = (path: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs/import',
    payload: { url: `${site.origin}${path}` },
    ...withSession(recruiter.token),
  });

describe('POST /api/jobs/import: tools the skills vocabulary does not know are suggested, not added', () => {
  it('answers suggested_skills for unknown tools named in the requirements, and known ones as skills', async () => {
    const res = await importPage('/jobs/unknown-tools');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true, source: 'page' });
    expect(body.suggested_skills).toEqual(['Vitally', 'NetSuite', 'Workato']);
    expect(body.data.skills).toEqual(expect.arrayContaining(['Salesforce', 'Gainsight', 'Kubernetes']));
    for (const suggested of body.suggested_skills) expect(body.data.skills).not.toContain(suggested);
  });

  it('answers no suggested_skills when every tool named is in the vocabulary', async () => {
    const body = (await importPage('/jobs/known-tools')).json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true, source: 'page' });
    expect(body.data.skills).toEqual(expect.arrayContaining(['Salesforce', 'Gainsight', 'Kubernetes']));
    expect(body).not.toHaveProperty('suggested_skills');
  });
});
