import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PORTAL_MESSAGES, type PortalHost, type PortalSettings } from '@referwell/shared';
import { companyAuditLog, companyPortalHosts, companySubscriptions } from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import {
  createTestApp,
  multipartFile,
  postJobAs,
  requestsTo,
  signUp,
  withSession,
  type PostedJob,
  type SignedUp,
  type TestApp,
} from '../../test/harness';
import { drainQueue } from '../../test/queue';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The DNS zone the app reads TXT records from in these tests (an outside service: the test plays it). */
const zone = new Map<string, string[][]>();
/** Names whose resolver fails (SERVFAIL, a timeout): the answer is an error, not "no record". */
const unresolvable = new Set<string>();
const resolveTxt = async (name: string) => {
  if (unresolvable.has(name)) throw Object.assign(new Error(`queryTxt ESERVFAIL ${name}`), { code: 'ESERVFAIL' });
  return zone.get(name) ?? [];
};

const jsonLd = (html: string) => {
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
};

describe('the branded careers portal', () => {
  let t: TestApp;
  let admin: SignedUp;
  let member: SignedUp;
  let seeker: SignedUp;
  let otherAdmin: SignedUp;
  let companyId: string;
  let slug: string;
  let fhirJob: PostedJob;
  let nurseJob: PostedJob;
  let otherJob: PostedJob;
  const { call, ok } = requestsTo(() => t);
  const portalUrl = () => `/api/companies/${companyId}/portal`;
  const save = (body: object) => call('PUT', portalUrl(), admin, body);
  const onHost = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  beforeAll(async () => {
    t = await createTestApp({ resolveTxt });
    admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Acme Health' });
    companyId = admin.body.company!.id;
    slug = admin.body.company!.slug;
    const { inviteCode } = await ok<{ inviteCode: string }>('GET', `/api/companies/${companyId}/team`, admin);
    member = await signUp(t, { role: 'referrer', inviteCode });
    seeker = await signUp(t);
    otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Clinic' });
    fhirJob = await postJobAs(t, admin, { title: 'FHIR Interface Engineer', skills: ['FHIR'] });
    nurseJob = await postJobAs(t, admin, {
      title: 'Nurse Informaticist',
      description: 'Bring clinical workflows to our EHR team.',
      requirements: 'RN licence.',
      skills: ['Epic'],
      location: 'Boston, MA',
      // Massachusetts wants a pay range in the posting (issue 36).
      salary: '$95,000 - $120,000 per year',
    });
    otherJob = await postJobAs(t, otherAdmin, { title: 'FHIR Engineer elsewhere' });
  });
  afterAll(() => t?.close());

  it('validates the branding: a hex colour white text stays readable on, a bounded intro', async () => {
    const light = await save({ enabled: true, brandColor: '#FFCC00', intro: null });
    expect(light.statusCode).toBe(400);
    expect(light.body).toContain('White text on this colour would be hard to read (contrast 1.5:1');
    const malformed = await save({ enabled: true, brandColor: 'teal', intro: null });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(PORTAL_MESSAGES.colorInvalid);
    const long = await save({ enabled: true, brandColor: '#0f766e', intro: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(PORTAL_MESSAGES.introTooLong);
    // Nothing was written by the refusals.
    expect((await ok<PortalSettings>('GET', portalUrl(), admin)).enabled).toBe(false);

    const saved = await ok<PortalSettings>('PUT', portalUrl(), admin, {
      enabled: true,
      brandColor: '#1D4ED8',
      intro: 'We build software nurses like.\n\nJoin us.',
    });
    expect(saved).toMatchObject({ enabled: true, brandColor: '#1d4ed8', logoUrl: null, path: `/c/${slug}`, hosts: [] });
    const audit = await t.database.db
      .select()
      .from(companyAuditLog)
      .where(and(eq(companyAuditLog.companyId, companyId), eq(companyAuditLog.action, 'portal.changed')));
    expect(audit.map((row) => row.after)).toEqual([{ enabled: true, brandColor: '#1d4ed8', logo: false }]);
  });

  it('lets only the company admin change the settings', async () => {
    const body = { enabled: true, brandColor: '#1d4ed8', intro: null };
    for (const who of [member, seeker, otherAdmin])
      expect((await call('PUT', portalUrl(), who, body)).statusCode).toBe(403);
  });

  it('keeps a logo checked by its bytes in the file storage and serves it', async () => {
    const upload = (bytes: Buffer, name: string, type: string) => {
      const { payload, headers } = multipartFile(bytes, name, type);
      return t.app.inject({ method: 'PUT', url: `${portalUrl()}/logo`, payload, headers, ...withSession(admin.token) });
    };
    const text = await upload(Buffer.from('not an image at all'), 'logo.png', 'image/png');
    expect(text.statusCode).toBe(415);
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>'),
      'l.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(100_000, 16); // declares a 100,000 px wide canvas
    expect((await upload(huge, 'wide.png', 'image/png')).statusCode).toBe(415);
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);

    const stored = await upload(PNG, 'logo.bin', 'application/octet-stream');
    expect(stored.statusCode).toBe(200);
    const { logoUrl } = stored.json<PortalSettings>();
    expect(logoUrl).toMatch(new RegExp(`^/c/${slug}/logo\\?v=`));
    const logo = await t.app.inject({ method: 'GET', url: logoUrl! });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves the portal at /c/{slug}: branding, the open jobs of the company only, search, no app chrome', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/c/${slug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1>Careers at Acme Health</h1>');
    expect(html).toContain('<p>We build software nurses like.</p>');
    expect(html).toContain(':root{--brand:#1d4ed8}');
    expect(html).toMatch(new RegExp(`<img src="/c/${slug}/logo\\?v=[^"]+" alt="Acme Health" />`));
    expect(html).toContain(`href="/c/${slug}/jobs/${fhirJob.id}"`);
    expect(html).toContain(`href="/c/${slug}/jobs/${nurseJob.id}"`);
    expect(html).not.toContain(otherJob.id);
    expect(html).toContain('2 jobs');
    expect(html).toContain(PORTAL_MESSAGES.poweredBy);
    expect(html).not.toContain('<script type="module"'); // no app bundle, no app header
    expect(html).toContain('<title>Careers at Acme Health</title>');

    const searched = (await t.app.inject({ method: 'GET', url: `/c/${slug}?q=nurse` })).body;
    expect(searched).toContain(`/jobs/${nurseJob.id}`);
    expect(searched).not.toContain(`/jobs/${fhirJob.id}`);
    expect(searched).toContain('value="nurse"');
    expect(searched).toContain('<meta name="robots" content="noindex" />');
    const none = (await t.app.inject({ method: 'GET', url: `/c/${slug}?q=astronaut` })).body;
    expect(none).toContain(PORTAL_MESSAGES.noResults);
  });

  it("renders each job with the public job page's JSON-LD, and the referral action for who is reading", async () => {
    const url = `/c/${slug}/jobs/${nurseJob.id}`;
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(200);
    const posting = jsonLd(visitor.body);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'Nurse Informaticist',
      url: `http://localhost:3000${url}`,
      hiringOrganization: { name: 'Acme Health', logo: expect.stringMatching(new RegExp(`/c/${slug}/logo\\?v=`)) },
      jobLocation: { address: { addressLocality: 'Boston', addressRegion: 'MA' } },
    });
    expect(visitor.body).toContain(`<link rel="canonical" href="http://localhost:3000${url}" />`);
    expect(visitor.body).toContain(PORTAL_MESSAGES.askReferral);
    expect(visitor.body).toContain(`/company/${slug}/referrers?jobId=${nurseJob.id}`);

    const asMember = await t.app.inject({ method: 'GET', url, ...withSession(member.token) });
    expect(asMember.body).toContain(`>${PORTAL_MESSAGES.referFriend}</a>`);
    expect(asMember.body).toContain(`/search-candidates?refer=someone&amp;jobId=${nurseJob.id}`);
    expect(asMember.body).not.toContain(PORTAL_MESSAGES.askReferral);
    expect(asMember.headers['cache-control']).toBe('private, no-cache');
    const asSeeker = await t.app.inject({ method: 'GET', url, ...withSession(seeker.token) });
    expect(asSeeker.body).toContain(PORTAL_MESSAGES.askReferral);
    expect(asSeeker.body).not.toContain(PORTAL_MESSAGES.referFriend);

    // Another company's job, a malformed id and an unknown company are not this portal's.
    expect((await t.app.inject({ method: 'GET', url: `/c/${slug}/jobs/${otherJob.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/c/${slug}/jobs/nope` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/c/no-such-company' })).statusCode).toBe(404);
  });

  it('answers 404 while the portal is off', async () => {
    await ok('PUT', portalUrl(), admin, { enabled: false, brandColor: '#1d4ed8', intro: null });
    expect((await t.app.inject({ method: 'GET', url: `/c/${slug}` })).statusCode).toBe(404);
    await ok('PUT', portalUrl(), admin, { enabled: true, brandColor: '#1d4ed8', intro: 'Join us.' });
  });

  it('serves a host name only once the company proved it by DNS, and stops when it is removed', async () => {
    const host = 'careers.acme-health.com';
    expect(
      (await call('POST', `${portalUrl()}/hosts`, admin, { host: 'https://careers.acme-health.com/x' })).statusCode,
    ).toBe(400);
    expect((await call('POST', `${portalUrl()}/hosts`, admin, { host: 'localhost' })).statusCode).toBe(400);
    const added = await ok<PortalHost>('POST', `${portalUrl()}/hosts`, admin, { host: 'Careers.Acme-Health.com.' });
    expect(added).toMatchObject({ host, verified: false, txtName: `_referwell-challenge.${host}` });
    expect(added.txtValue).toMatch(/^referwell-verify=[\w-]{20,}$/);
    // Another company cannot claim it.
    const other = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Claim Jumper' });
    const taken = await call('POST', `/api/companies/${other.body.company!.id}/portal/hosts`, other, { host });
    expect(taken.statusCode).toBe(409);

    // Unproved: the name is not served as a portal (it goes on to the app, which has no page there).
    expect((await t.app.inject({ method: 'GET', url: `/api/portal-hosts/check?domain=${host}` })).statusCode).toBe(404);
    const before = await onHost(host, '/');
    expect(before.body).not.toContain('Careers at Acme Health');
    const verify = () => call('POST', `${portalUrl()}/hosts/${added.id}/verify`, admin);
    zone.set(`_referwell-challenge.${host}`, [['referwell-verify=wrong']]);
    const refused = await verify();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(PORTAL_MESSAGES.hostNotProved(`_referwell-challenge.${host}`));
    expect((await onHost(host, '/')).body).not.toContain('Careers at Acme Health');

    // The value may arrive split into character-strings.
    zone.set(`_referwell-challenge.${host}`, [
      ['v=spf1 -all'],
      [added.txtValue.slice(0, 10), added.txtValue.slice(10)],
    ]);
    expect(await ok<PortalHost>('POST', `${portalUrl()}/hosts/${added.id}/verify`, admin)).toMatchObject({
      verified: true,
    });

    const check = (domain: string) => t.app.inject({ method: 'GET', url: `/api/portal-hosts/check?domain=${domain}` });
    expect((await check(host)).statusCode).toBe(200);
    expect((await check('careers.unknown-health.com')).statusCode).toBe(404);
    const home = await onHost(host, '/?q=nurse');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Careers at Acme Health');
    expect(home.body).toContain(`href="/jobs/${nurseJob.id}"`);
    expect(home.body).toMatch(/<img src="\/logo\?v=/);
    const job = await onHost(`${host}:443`, `/jobs/${nurseJob.id}`);
    expect(job.statusCode).toBe(200);
    expect(jsonLd(job.body)).toMatchObject({ url: `http://${host}/jobs/${nurseJob.id}` });
    expect((await onHost(host, '/logo')).headers['content-type']).toBe('image/png');
    // The name serves the portal and nothing else.
    expect((await onHost(host, '/api/auth/session')).statusCode).toBe(404);
    expect((await onHost(host, `/jobs/${otherJob.id}`)).statusCode).toBe(404);
    // An unknown name goes on to the app.
    expect((await onHost('careers.unknown-health.com', '/')).body).not.toContain('Careers at');

    await ok('DELETE', `${portalUrl()}/hosts/${added.id}`, admin);
    expect((await check(host)).statusCode).toBe(404);
    expect((await onHost(host, '/')).body).not.toContain('Careers at Acme Health');
  });

  it('checks a proved host name again on a schedule: two misses in a row unpublish it, audited, admins told', async () => {
    const host = 'jobs.acme-health.com';
    const txtName = `_referwell-challenge.${host}`;
    const added = await ok<PortalHost>('POST', `${portalUrl()}/hosts`, admin, { host });
    zone.set(txtName, [[added.txtValue]]);
    await ok('POST', `${portalUrl()}/hosts/${added.id}/verify`, admin);
    const served = async () => (await onHost(host, '/')).body.includes('Careers at Acme Health');
    const hostRow = async () =>
      (await t.database.db.select().from(companyPortalHosts).where(eq(companyPortalHosts.id, added.id)))[0]!;
    /** What the schedule runs: one queued check per proved name. */
    const scheduledCheck = async () => {
      await enqueue(t.app.db, 'recheck-portal-hosts', {});
      await drainQueue(t.database);
    };
    const unpublishedNotices = async () =>
      (await ok<{ items: { title: string; message: string }[] }>('GET', '/api/notifications', admin)).items.filter(
        (n) => n.title === PORTAL_MESSAGES.hostUnpublishedTitle,
      );

    await scheduledCheck();
    expect(await hostRow()).toMatchObject({ failedChecks: 0, lastCheckedAt: expect.any(Date) });
    expect(await served()).toBe(true);

    // The record goes: one miss keeps the name; a record back in time starts the count over.
    zone.delete(txtName);
    await scheduledCheck();
    expect((await hostRow()).failedChecks).toBe(1);
    expect(await served()).toBe(true);
    const shown = (await ok<PortalSettings>('GET', portalUrl(), admin)).hosts.find((h) => h.id === added.id);
    expect(shown).toMatchObject({ verified: true, lastCheckMissed: true });
    zone.set(txtName, [['v=spf1 -all'], [added.txtValue]]);
    await scheduledCheck();
    expect((await hostRow()).failedChecks).toBe(0);
    expect((await ok<PortalSettings>('GET', portalUrl(), admin)).hosts.find((h) => h.id === added.id)).toMatchObject({
      lastCheckMissed: false,
    });

    // Our resolver failing proves nothing: no miss is counted.
    zone.delete(txtName);
    await scheduledCheck();
    unresolvable.add(txtName);
    await scheduledCheck();
    expect((await hostRow()).failedChecks).toBe(1);
    expect(await served()).toBe(true);
    unresolvable.delete(txtName);

    // The second miss in a row unpublishes it: no longer served, in the audit log, the admins told once.
    await scheduledCheck();
    expect(await hostRow()).toMatchObject({ verifiedAt: null, failedChecks: 0 });
    expect(await served()).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/portal-hosts/check?domain=${host}` })).statusCode).toBe(404);
    expect((await ok<PortalSettings>('GET', portalUrl(), admin)).hosts.find((h) => h.id === added.id)).toMatchObject({
      verified: false,
    });
    const audit = await t.database.db
      .select()
      .from(companyAuditLog)
      .where(and(eq(companyAuditLog.companyId, companyId), eq(companyAuditLog.action, 'portal.host_changed')));
    expect(audit.at(-1)).toMatchObject({
      actorId: null,
      before: { host, verified: true },
      after: { host, verified: false, reason: 'txt_record_missing' },
    });
    expect(await unpublishedNotices()).toEqual([
      expect.objectContaining({ message: PORTAL_MESSAGES.hostUnpublished(host, txtName) }),
    ]);
    // An unpublished name is not checked again until the admin proves it anew.
    await scheduledCheck();
    expect(await unpublishedNotices()).toHaveLength(1);
    zone.set(txtName, [[added.txtValue]]);
    await ok('POST', `${portalUrl()}/hosts/${added.id}/verify`, admin);
    expect(await served()).toBe(true);
    await ok('DELETE', `${portalUrl()}/hosts/${added.id}`, admin);
  });

  it('is an Enterprise capability: 402 for the settings and no portal without it when billing is on', async () => {
    const billed = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_gate',
        STRIPE_WEBHOOK_SECRET: 'whsec_gate',
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
        STRIPE_PRICE_BETA: 'price_beta',
        STRIPE_PRICE_BETA_YEAR: 'price_beta_year',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const boss = await signUp(billed, { role: 'companyHR', companyType: 'create', companyName: 'Billed Clinic' });
      const id = boss.body.company!.id;
      const put = () =>
        billed.app.inject({
          method: 'PUT',
          url: `/api/companies/${id}/portal`,
          payload: { enabled: true, brandColor: '#0f766e', intro: null },
          ...withSession(boss.token),
        });
      const refused = await put();
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.code).toBe('PLAN_REQUIRED');
      await billed.database.db
        .insert(companySubscriptions)
        .values({ companyId: id, plan: 'enterprise', status: 'active' });
      expect((await put()).statusCode).toBe(200);
      const page = `/c/${boss.body.company!.slug}`;
      expect((await billed.app.inject({ method: 'GET', url: page })).statusCode).toBe(200);
      // The plan lapses: the portal is not served, its settings stay readable.
      await billed.database.db
        .update(companySubscriptions)
        .set({ status: 'canceled' })
        .where(eq(companySubscriptions.companyId, id));
      expect((await billed.app.inject({ method: 'GET', url: page })).statusCode).toBe(404);
      const read = await billed.app.inject({
        method: 'GET',
        url: `/api/companies/${id}/portal`,
        ...withSession(boss.token),
      });
      expect(read.statusCode).toBe(200);
      expect((await put()).statusCode).toBe(402);
    } finally {
      await billed.close();
    }
  });
});
