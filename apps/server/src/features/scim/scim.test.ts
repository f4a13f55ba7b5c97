// SCIM 2.0 provisioning with the request sequences Okta and Microsoft Entra send (Okta's SCIM 2.0 guide, Entra's
// "Develop a SCIM endpoint" tutorial; RFC 7643/7644), against the real app and database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_SCHEMAS } from '@referwell/shared';
import { companyAuditLog, companyMembers, users } from '../../db/schema';
import { createTestApp, requestsTo, signUp, withSession, type SignedUp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: SignedUp;
let companyId: string;
let token: string;
const { call, ok } = requestsTo(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Provisioned Health' });
  companyId = admin.body.company!.id;
  token = (await ok<{ token: string }>('POST', `/api/companies/${companyId}/scim/token`, admin, {})).token;
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A SCIM request as an IdP sends it: bearer token, application/scim+json. */
async function scim(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object, bearer = token) {
  const res = await t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body ? { 'content-type': 'application/scim+json; charset=utf-8' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json, headers: res.headers };
}

const filterBy = (expression: string) => `?filter=${encodeURIComponent(expression)}`;

async function roleOf(userId: string) {
  const [row] = await t.database.db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
  return row?.role ?? null;
}

describe('authentication and errors (RFC 7644 §3.12)', () => {
  it('refuses a missing or wrong token with 401 in the SCIM error shape', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/scim+json');
    expect(none.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
    const wrong = await scim('GET', '/Users', undefined, 'x'.repeat(43));
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('The bearer token is not valid.');
  });

  it('answers a malformed or unsupported filter 400 invalidFilter', async () => {
    for (const filter of [
      'userName eq',
      'userName eq unquoted',
      'userName co "a"',
      '(userName eq "a"',
      'title eq "x"',
    ]) {
      const res = await scim('GET', `/Users${filterBy(filter)}`);
      expect(res.status, filter).toBe(400);
      expect(res.body).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '400', scimType: 'invalidFilter' });
    }
  });

  it('shows the token once, and never again; a new token replaces the old', async () => {
    const settings = await ok<Json>('GET', `/api/companies/${companyId}/scim`, admin);
    expect(settings).toMatchObject({ hasToken: true, adminGroup: 'Referwell Admins' });
    expect(JSON.stringify(settings)).not.toContain(token);
    expect(settings.baseUrl).toMatch(/\/scim\/v2$/);
    const member = await signUp(t);
    expect((await call('POST', `/api/companies/${companyId}/scim/token`, member, {})).statusCode).toBe(403);

    const renewed = (await ok<{ token: string }>('POST', `/api/companies/${companyId}/scim/token`, admin, {})).token;
    expect((await scim('GET', '/Users', undefined, token)).status).toBe(401);
    token = renewed;
    expect((await scim('GET', '/Users')).status).toBe(200);
    const actions = (
      await t.database.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))
    ).map((r) => r.action);
    expect(actions.filter((a) => a === 'scim.token_created')).toHaveLength(2);
  });

  it('serves the discovery documents', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    expect((await scim('GET', '/ResourceTypes')).body.totalResults).toBe(2);
    expect((await scim('GET', '/Schemas')).body.Resources.map((s: Json) => s.id)).toEqual([
      SCIM_SCHEMAS.user,
      SCIM_SCHEMAS.group,
    ]);
  });
});

describe('Okta', () => {
  it('matches by userName, creates, reads, updates with PUT, deactivates with PATCH and reactivates', async () => {
    const userName = `jane.okta.${Date.now()}@provisioned.example`;
    const lookup = await scim('GET', `/Users${filterBy(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ schemas: [SCIM_SCHEMAS.listResponse], totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user],
      userName,
      name: { givenName: 'Jane', familyName: 'Doe' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Jane Doe',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({ userName, active: true, externalId: '00ujl29u0le5T6Aj10h7' });
    expect(created.body.name).toMatchObject({ givenName: 'Jane', familyName: 'Doe' });
    const id = created.body.id as string;
    expect(await roleOf(id)).toBe('member');

    // A second create of the same userName is a conflict.
    const again = await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName, active: true });
    expect(again.status).toBe(409);
    expect(again.body.scimType).toBe('uniqueness');

    const found = await scim('GET', `/Users${filterBy(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(found.body.totalResults).toBe(1);
    expect((await scim('GET', `/Users/${id}`)).body.displayName).toBe('Jane Doe');

    const put = await scim('PUT', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.user],
      id,
      userName,
      name: { givenName: 'Jane', familyName: 'Smith' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      active: true,
    });
    expect(put.status).toBe(200);
    expect(put.body.displayName).toBe('Jane Smith');

    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await roleOf(id)).toBeNull();
    // Still found (inactive) by the IdP; the account stays.
    expect((await scim('GET', `/Users${filterBy(`userName eq "${userName}"`)}`)).body.Resources[0].active).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);

    const on = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body.active).toBe(true);
    expect(await roleOf(id)).toBe('member');
  });

  it('deactivating an existing member ends their sessions on every instance within a second', async () => {
    const team = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    const member = await signUp(t, { role: 'referrer', inviteCode: team.inviteCode });
    // A second server instance on the same database, whose cached read of the session must go too.
    const other = await t.otherInstance();
    const sessionOn = (app: typeof other) =>
      app.inject({ method: 'GET', url: '/api/auth/session', ...withSession(member.token) }).then((r) => r.json());
    const session = () => sessionOn(t.app);
    expect((await session()).user.id).toBe(member.body.user.id);
    expect((await sessionOn(other)).user.id).toBe(member.body.user.id);

    const matched = await scim('GET', `/Users${filterBy(`userName eq "${member.body.user.email}"`)}`);
    expect(matched.body.totalResults).toBe(1);
    const id = matched.body.Resources[0].id as string;
    expect(id).toBe(member.body.user.id);

    await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    // Every instance drops its cached session on the notification: within a second.
    await expect.poll(async () => (await session()).user, { timeout: 1000, interval: 50 }).toBeNull();
    await expect.poll(async () => (await sessionOn(other)).user, { timeout: 1000, interval: 50 }).toBeNull();
    const actions = (
      await t.database.db.select().from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))
    ).map((r) => r.action);
    expect(actions).toContain('scim.user_deactivated');
  });

  it('maps the admin group to the admin role: members added and removed by filtered path', async () => {
    const userName = `admin.okta.${Date.now()}@provisioned.example`;
    const user = await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName, active: true });
    const id = user.body.id as string;
    const group = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'Referwell Admins',
      members: [],
    });
    expect(group.status).toBe(201);
    const groupId = group.body.id as string;

    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: userName }] }],
    });
    expect(await roleOf(id)).toBe('admin');
    expect((await scim('GET', `/Users/${id}`)).body.groups[0]).toMatchObject({
      value: groupId,
      display: 'Referwell Admins',
    });

    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }],
    });
    expect(removed.status).toBe(200);
    expect(await roleOf(id)).toBe('member');
    // Okta's rename: no path, the value holds the attributes.
    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Referwell Admins' } }],
    });
    expect(renamed.status).toBe(200);
  });
});

describe('Microsoft Entra', () => {
  it('probes, creates, patches with paths and string booleans, manages groups by value, and deletes', async () => {
    const probe = await scim('GET', `/Users${filterBy('userName eq "non-existent-user-7b2f0a1c@example.com"')}`);
    expect(probe.body.totalResults).toBe(0);

    const userName = `sam.entra.${Date.now()}@provisioned.example`;
    const created = await scim('POST', '/Users', {
      schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
      externalId: 'f3ae2e41-8a6b-4c52-9c2d-27d0b5a9e1c2',
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Sam Rivera', familyName: 'Rivera', givenName: 'Sam' },
      roles: [],
      [SCIM_SCHEMAS.enterpriseUser]: { department: 'Nursing' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const patched = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [
        { op: 'Replace', path: 'name.familyName', value: 'Rivera-Lopez' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: userName },
        { op: 'Replace', path: 'title', value: 'Charge Nurse' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.displayName).toBe('Sam Rivera-Lopez');

    const group = await scim(
      'GET',
      `/Groups?excludedAttributes=members&${filterBy('displayName eq "Nurses"').slice(1)}`,
    );
    expect(group.body.totalResults).toBe(0);
    const nurses = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Nurses',
      meta: { resourceType: 'Group' },
      members: [],
    });
    const groupId = nurses.body.id as string;
    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
    });
    expect((await scim('GET', `/Groups/${groupId}`)).body.members.map((m: Json) => m.value)).toEqual([id]);
    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
    });
    expect((await scim('GET', `/Groups/${groupId}`)).body.members).toEqual([]);
    const listed = await scim(
      'GET',
      `/Groups?excludedAttributes=members&${filterBy('displayName eq "nurses"').slice(1)}`,
    );
    expect(listed.body.Resources[0].members).toBeUndefined();

    const off = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);

    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
  });

  it('refuses bad values and unknown operations with the SCIM error shape, changing nothing', async () => {
    const userName = `bad.entra.${Date.now()}@provisioned.example`;
    const id = (await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], userName, active: true })).body.id;
    const bad = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'Replace', path: 'active', value: 'perhaps' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.scimType).toBe('invalidValue');
    const unknownOp = await scim('PATCH', `/Users/${id}`, {
      schemas: [SCIM_SCHEMAS.patchOp],
      Operations: [{ op: 'move', path: 'active', value: false }],
    });
    expect(unknownOp.body.scimType).toBe('invalidSyntax');
    const noUserName = await scim('POST', '/Users', { schemas: [SCIM_SCHEMAS.user], active: true });
    expect(noUserName.status).toBe(400);
    expect(noUserName.body.schemas).toEqual([SCIM_SCHEMAS.error]);
    expect((await scim('GET', `/Users/${id}`)).body.active).toBe(true);
    expect((await scim('GET', '/Users/not-a-uuid')).status).toBe(404);
  });
});
