// Finding 2 of the security review (issue 21): "not discoverable" holds across messaging,
// referrals and tracking, and nobody borrows another company's referral or people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_MESSAGES } from '@referwell/shared';
import { createTestApp, postJobAs, requestsTo, type SignedUp, signUp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: SignedUp;
let member: SignedUp;
let otherAdmin: SignedUp;
let hidden: SignedUp;
let visible: SignedUp;
let jobId: string;
let otherJobId: string;

const { call } = requestsTo(() => t);

async function postJob(who: SignedUp, company: string): Promise<string> {
  const job = await postJobAs(t, who, {
    title: 'Clinical Informatics Analyst',
    company,
    description: 'Turn clinical workflows into reliable software.',
    requirements: 'Epic certification or equivalent.',
    skills: ['Epic'],
  });
  return job.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Discreet Health' });
  const { inviteCode } = (await call('GET', `/api/companies/${admin.body.company!.id}/team`, admin)).json();
  member = await signUp(t, { role: 'referrer', inviteCode });
  otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Clinic' });
  hidden = await signUp(t, { name: 'Quinn Hiddenperson' });
  visible = await signUp(t, { name: 'Quinn Visibleperson' });
  const res = await call('PUT', '/api/talent/profile', hidden, {
    name: 'Quinn Hiddenperson',
    location: 'Denver, CO',
    discoverable: false,
  });
  if (res.statusCode !== 200) throw new Error(`profile failed ${res.statusCode} ${res.body}`);
  jobId = await postJob(admin, 'Discreet Health');
  otherJobId = await postJob(otherAdmin, 'Other Clinic');
});
afterAll(() => t.close());

describe('a hidden job seeker', () => {
  it('is not found by name in the contact search of a company user', async () => {
    const res = await call('GET', '/api/conversations/contacts?q=Quinn', member);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { id: string }) => c.id);
    expect(ids).toContain(visible.body.user.id);
    expect(ids).not.toContain(hidden.body.user.id);
  });

  it('cannot be written to by a company user without a link between them', async () => {
    const res = await call('POST', '/api/conversations', member, {
      recipientId: hidden.body.user.id,
      message: 'Hello there',
    });
    expect(res.statusCode).toBe(403);
  });

  it('cannot be referred by a company that has no link with them (404, no profile details)', async () => {
    const res = await call('POST', '/api/referrals', member, { jobId, talentId: hidden.body.user.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(REFERRAL_MESSAGES.notACandidate);
    expect(res.body).not.toContain('Denver');
  });

  it('can be tracked and referred once they applied to the company (a link they made)', async () => {
    const applied = await call('POST', `/api/jobs/${jobId}/apply`, hidden, {});
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    const tracked = await call('PUT', `/api/jobs/${jobId}/tracking/${hidden.body.user.id}`, admin, {
      status: 'Contacted',
    });
    expect(tracked.statusCode).toBe(200);
  });
});

describe('tracking', () => {
  it.each([
    ['a colleague', () => member],
    ["another company's admin", () => otherAdmin],
  ])('refuses %s as talent with 404, never 500', async (_label, who) => {
    const res = await call('PUT', `/api/jobs/${jobId}/tracking/${who().body.user.id}`, admin, { status: 'Contacted' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a user id that does not exist with 404', async () => {
    const res = await call('PUT', `/api/jobs/${jobId}/tracking/00000000-0000-4000-8000-000000000000`, admin, {
      status: 'Contacted',
    });
    expect(res.statusCode).toBe(404);
  });

  it('accepts a discoverable job seeker', async () => {
    const res = await call('PUT', `/api/jobs/${jobId}/tracking/${visible.body.user.id}`, admin, {
      status: 'Contacted',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("another company's referral", () => {
  it('cannot be the subject of a new conversation', async () => {
    const referral = await call('POST', '/api/referrals', otherAdmin, {
      jobId: otherJobId,
      talentId: visible.body.user.id,
    });
    expect(referral.statusCode, referral.body).toBe(201);
    const res = await call('POST', '/api/conversations', member, {
      recipientId: visible.body.user.id,
      message: 'About your referral',
      referralId: referral.json().id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.referralId).toBe('Referral not found');
    const own = await call('POST', '/api/conversations', otherAdmin, {
      recipientId: visible.body.user.id,
      message: 'About your referral',
      referralId: referral.json().id,
    });
    expect(own.statusCode).toBe(201);
  });
});
