import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, COMPANY_MESSAGES } from '@referwell/shared';
import { eq } from 'drizzle-orm';
import { jobPostings } from '../../db/schema';
import { insertJob } from '../jobs/service';
import { createTestApp, requestsTo, type SignedUp, signUp, TEST_PASSWORD, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call } = requestsTo(() => t);

async function companyWithTeam(name: string) {
  const admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: name });
  const companyId = admin.body.company!.id;
  const { inviteCode } = (await call('GET', `/api/companies/${companyId}/team`, admin)).json();
  const member = await signUp(t, { role: 'referrer', inviteCode });
  return { admin, member, companyId, inviteCode: inviteCode as string };
}

const validProfile = {
  studioName: 'Renamed Health',
  website: 'https://renamed.example',
  description: 'We build clinical software that nurses enjoy using.',
  location: 'Boston, MA',
  employeeCount: '51-200',
  industries: ['Digital Health', 'EHR'],
};

describe('permission matrix for company and team actions', () => {
  let home: Awaited<ReturnType<typeof companyWithTeam>>;
  let other: Awaited<ReturnType<typeof companyWithTeam>>;
  let jobseeker: SignedUp;
  beforeAll(async () => {
    home = await companyWithTeam('Matrix Medical');
    other = await companyWithTeam('Other Org');
    jobseeker = await signUp(t);
  });

  const actions: { name: string; run: (who?: SignedUp) => ReturnType<typeof call>; ok: number }[] = [
    { name: 'view the team', run: (who) => call('GET', `/api/companies/${home.companyId}/team`, who), ok: 200 },
    {
      name: 'generate a new invite code',
      run: (who) => call('POST', `/api/companies/${home.companyId}/invite-code`, who, {}),
      ok: 200,
    },
    {
      name: 'edit the company profile',
      run: (who) => call('PUT', `/api/companies/${home.companyId}`, who, validProfile),
      ok: 200,
    },
    {
      name: 'invite a team member',
      run: (who) =>
        call('POST', `/api/companies/${home.companyId}/invitations`, who, {
          name: 'Invitee',
          email: `inv.${Math.random()}@example.com`,
        }),
      ok: 201,
    },
    {
      name: 'change a role',
      run: (who) =>
        call('PATCH', `/api/companies/${home.companyId}/members/${home.member.body.user.id}`, who, { role: 'Member' }),
      ok: 200,
    },
  ];

  for (const action of actions) {
    it(`only the company's admin may ${action.name}`, async () => {
      expect((await action.run(undefined)).statusCode).toBe(401);
      for (const who of [jobseeker, home.member, other.admin]) {
        const res = await action.run(who);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect((await action.run(home.admin)).statusCode).toBe(action.ok);
    });
  }

  it("only the company's admin may remove a member", async () => {
    const target = await signUp(t, {
      role: 'referrer',
      inviteCode: (await call('GET', `/api/companies/${home.companyId}/team`, home.admin)).json().inviteCode,
    });
    const url = `/api/companies/${home.companyId}/members/${target.body.user.id}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    for (const who of [jobseeker, home.member, other.admin])
      expect((await call('DELETE', url, who)).statusCode).toBe(403);
    expect((await call('DELETE', url, home.admin)).statusCode).toBe(204);
  });

  it('lets members read their own company but not another one', async () => {
    expect((await call('GET', `/api/companies/${home.companyId}`, home.member)).statusCode).toBe(200);
    expect((await call('GET', `/api/companies/${home.companyId}`, other.member)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/${home.companyId}`, jobseeker)).statusCode).toBe(403);
  });
});

describe('team management', () => {
  it('lists members with Admin/Member roles and join dates', async () => {
    const { admin, member, companyId } = await companyWithTeam('Listing Labs');
    const team = (await call('GET', `/api/companies/${companyId}/team`, admin)).json();
    expect(team.members).toEqual([
      expect.objectContaining({
        userId: admin.body.user.id,
        role: 'Admin',
        joinedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
      expect.objectContaining({ userId: member.body.user.id, role: 'Member' }),
    ]);
  });

  it('generating a new code makes the old one stop working', async () => {
    const { admin, companyId, inviteCode } = await companyWithTeam('Rotate Rx');
    const res = await call('POST', `/api/companies/${companyId}/invite-code`, admin, {});
    const { inviteCode: fresh } = res.json();
    expect(fresh).toMatch(/^ROTA-[A-Z2-9]{8}$/);
    expect(fresh).not.toBe(inviteCode);

    const withOld = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Late',
        email: `late.${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        role: 'referrer',
        inviteCode,
      },
    });
    expect(withOld.statusCode).toBe(400);
    expect(withOld.json().error.fields.inviteCode).toBe(AUTH_MESSAGES.inviteCodeInvalid);
    const withNew = await signUp(t, { role: 'referrer', inviteCode: fresh });
    expect(withNew.body.company!.id).toBe(companyId);
  });

  it('changes roles, and the new admin can act as one', async () => {
    const { admin, member, companyId } = await companyWithTeam('Promote Partners');
    const res = await call('PATCH', `/api/companies/${companyId}/members/${member.body.user.id}`, admin, {
      role: 'Admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: member.body.user.id, role: 'Admin' });
    expect((await call('GET', `/api/companies/${companyId}/team`, member)).statusCode).toBe(200);
    const session = (await call('GET', '/api/auth/session', member)).json();
    expect(session.company.role).toBe('companyAdmin');
  });

  it('never demotes or removes the last admin', async () => {
    const { admin, member, companyId } = await companyWithTeam('Solo Admin Co');
    const demote = await call('PATCH', `/api/companies/${companyId}/members/${admin.body.user.id}`, admin, {
      role: 'Member',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(COMPANY_MESSAGES.lastAdmin);
    const remove = await call('DELETE', `/api/companies/${companyId}/members/${admin.body.user.id}`, admin);
    expect(remove.statusCode).toBe(409);

    await call('PATCH', `/api/companies/${companyId}/members/${member.body.user.id}`, admin, { role: 'Admin' });
    const nowAllowed = await call('PATCH', `/api/companies/${companyId}/members/${admin.body.user.id}`, admin, {
      role: 'Member',
    });
    expect(nowAllowed.statusCode).toBe(200);
  });

  it('removing a member ends their company access', async () => {
    const { admin, member, companyId } = await companyWithTeam('Removal Rx');
    expect((await call('DELETE', `/api/companies/${companyId}/members/${member.body.user.id}`, admin)).statusCode).toBe(
      204,
    );
    const session = (await call('GET', '/api/auth/session', member)).json();
    expect(session.company).toBeNull();
    expect((await call('GET', `/api/companies/${companyId}`, member)).statusCode).toBe(403);
    const again = await call('DELETE', `/api/companies/${companyId}/members/${member.body.user.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(COMPANY_MESSAGES.memberNotFound);
  });

  it('acts only on members of the same company', async () => {
    const home = await companyWithTeam('Scope One');
    const other = await companyWithTeam('Scope Two');
    const res = await call(
      'PATCH',
      `/api/companies/${home.companyId}/members/${other.member.body.user.id}`,
      home.admin,
      { role: 'Admin' },
    );
    expect(res.statusCode).toBe(404);
  });

  it('refuses an unknown role and a malformed id', async () => {
    const { admin, member, companyId } = await companyWithTeam('Bad Input Inc');
    const role = await call('PATCH', `/api/companies/${companyId}/members/${member.body.user.id}`, admin, {
      role: 'Owner',
    });
    expect(role.statusCode).toBe(400);
    expect((await call('GET', `/api/companies/not-a-uuid/team`, admin)).statusCode).toBe(400);
  });

  it('needs a name and an e-mail to add a team member', async () => {
    const { admin, member, companyId } = await companyWithTeam('Missing Info Med');
    for (const payload of [{ name: '', email: 'x@example.com' }, { name: 'Someone', email: '' }, {}]) {
      const res = await call('POST', `/api/companies/${companyId}/invitations`, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(COMPANY_MESSAGES.missingInfo);
    }
    const taken = await call('POST', `/api/companies/${companyId}/invitations`, admin, {
      name: 'Dup',
      email: member.body.user.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(COMPANY_MESSAGES.alreadyMember);
  });

  it('lists pending invitations on the team', async () => {
    const { admin, companyId } = await companyWithTeam('Pending Pharma');
    await call('POST', `/api/companies/${companyId}/invitations`, admin, {
      name: 'Pat Pending',
      email: 'pat.pending@example.com',
    });
    const team = (await call('GET', `/api/companies/${companyId}/team`, admin)).json();
    expect(team.invitations).toEqual([
      expect.objectContaining({ name: 'Pat Pending', email: 'pat.pending@example.com' }),
    ]);
  });
});

describe('company profile', () => {
  it.each([
    [{ studioName: 'A' }, 'studioName', COMPANY_MESSAGES.studioNameMin],
    [{ website: 'not a url' }, 'website', COMPANY_MESSAGES.websiteInvalid],
    [{ website: 'javascript:alert(1)' }, 'website', COMPANY_MESSAGES.websiteInvalid],
    [{ description: 'Too short' }, 'description', COMPANY_MESSAGES.descriptionMin],
    [{ location: 'X' }, 'location', COMPANY_MESSAGES.locationMin],
    [{ employeeCount: '' }, 'employeeCount', COMPANY_MESSAGES.employeeCountRequired],
  ])('refuses %j with the spec message', async (override, field, message) => {
    const { admin, companyId } = await companyWithTeam(`Validate ${field}`);
    const res = await call('PUT', `/api/companies/${companyId}`, admin, { ...validProfile, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const unchanged = (await call('GET', `/api/companies/${companyId}`, admin)).json();
    expect(unchanged.name).toBe(`Validate ${field}`);
  });

  it('saves the profile and shows it on the public page with open positions only', async () => {
    const { admin, companyId } = await companyWithTeam('Public Page Health');
    const saved = await call('PUT', `/api/companies/${companyId}`, admin, {
      ...validProfile,
      studioName: 'Public Page Health',
    });
    expect(saved.statusCode).toBe(200);
    const slug = saved.json().slug;

    const empty = (await call('GET', `/api/companies/by-slug/${slug}`)).json();
    expect(empty.company).toMatchObject({
      name: 'Public Page Health',
      description: validProfile.description,
      industries: ['Digital Health', 'EHR'],
    });
    expect(empty.openPositions).toEqual([]);

    const job = (title: string) =>
      insertJob(t.database.db, {
        companyId,
        createdBy: admin.body.user.id,
        input: t.factories.job({
          company: 'Public Page Health',
          title,
          location: 'Remote',
          employmentType: 'full-time',
          salary: '$150k-$180k',
        }),
      });
    await job('Clinical Data Engineer');
    const closed = await job('Closed Role');
    await t.database.db.update(jobPostings).set({ status: 'CLOSED' }).where(eq(jobPostings.id, closed));
    const withJobs = (await call('GET', `/api/companies/by-slug/${slug}`)).json();
    expect(withJobs.openPositions).toEqual([
      expect.objectContaining({
        title: 'Clinical Data Engineer',
        location: 'Remote',
        type: 'full-time',
        salary: '$150k-$180k',
      }),
    ]);
  });

  it('answers an unknown company with 404 "Company not found"', async () => {
    const res = await call('GET', '/api/companies/by-slug/no-such-company-anywhere');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(COMPANY_MESSAGES.companyNotFound);
  });

  it('renaming gives the company a new unique slug', async () => {
    const a = await companyWithTeam('Slug Clash');
    const b = await companyWithTeam('Slug Clash');
    expect(b.admin.body.company!.slug).not.toBe(a.admin.body.company!.slug);
    const renamed = await call('PUT', `/api/companies/${b.companyId}`, b.admin, {
      ...validProfile,
      studioName: 'Slug Fresh Name',
    });
    expect(renamed.json().slug).toBe('slug-fresh-name');
  });
});
