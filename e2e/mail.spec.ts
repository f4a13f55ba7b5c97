import {
  test,
  expect,
  inviteCodeOf,
  lastMailTo,
  linkIn,
  newPage,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
} from './fixtures';

test('a referrer follows the request mail and accepts; the job seeker gets the accepted mail', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const person = () => newPage(browser, baseURL);
  const [adminPage, referrerPage, seekerPage] = await Promise.all([person(), person(), person()]);
  const admin = await signUpCompanyAdmin(adminPage);
  const inviteCode = await inviteCodeOf(adminPage.request, admin.company.id);
  const referrer = await signUpViaApi(referrerPage, { name: 'Mara Mailreader', role: 'referrer', inviteCode });
  const { id: jobId, title } = await postJobViaApi(adminPage, admin.company.name, {
    title: `Interface Engineer ${Date.now().toString(36)}`,
    requirements: 'HL7 v2 and FHIR.',
  });
  const seeker = await signUpViaApi(seekerPage, { name: 'Jules Seeker', role: 'jobseeker' });
  const sent = await seekerPage.request.post('/api/referral-requests', {
    data: { jobId, referrerId: referrer.user.id, message: 'Happy to share my HL7 work.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const requestMail = await lastMailTo(referrer.email, { subject: 'New referral request' });
  expect(requestMail).toContain(`Jules Seeker asked you for a referral for ${title}.`);
  expect(requestMail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  await referrerPage.goto(linkIn(requestMail, '/referral-requests'));
  // Signed up through the link mailed to the address: it is proven, so no page asks to confirm it.
  await expect(referrerPage.getByRole('list', { name: 'Referral requests' })).toBeVisible();
  await expect(referrerPage.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  const request = referrerPage
    .getByRole('list', { name: 'Referral requests' })
    .getByRole('listitem')
    .filter({ hasText: 'Jules Seeker' });
  await request.getByRole('button', { name: 'Accept' }).click();
  await referrerPage.getByLabel('Worked together').check();
  await referrerPage.getByRole('button', { name: 'Accept and refer' }).click();
  await expect(referrerPage).toHaveURL(/\/referrer-dashboard\/referrals\/[0-9a-f-]{36}$/);

  const acceptedMail = await lastMailTo(seeker.email, { subject: 'Referral request accepted' });
  expect(acceptedMail).toContain(`Mara Mailreader referred you for ${title}`);
});
