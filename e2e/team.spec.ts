import {
  expect,
  finishSignupViaUi,
  hydrated,
  linkInMailTo,
  PASSWORD,
  signUpCompanyAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('team management', () => {
  test('an admin renews the invite code, a colleague joins with it, becomes admin and is removed', async ({
    page,
    browser,
  }) => {
    test.slow(); // two people in two browsers, a sign-up and a role change
    await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Management' })).toBeVisible();
    const codeField = page.getByLabel('Team invite code');
    await expect(codeField).not.toHaveValue('');
    const oldCode = await codeField.inputValue();

    // Regenerating asks first and says the old code stops working.
    await page.getByRole('button', { name: 'Generate New Code' }).click();
    const renew = page.getByRole('alertdialog', { name: 'Generate a new invite code?' });
    await expect(renew).toContainText(`The current code ${oldCode} stops working at once`);
    await renew.getByRole('button', { name: 'Keep Current Code' }).click();
    await expect(renew).toHaveCount(0);
    await expect(codeField).toHaveValue(oldCode);
    await page.getByRole('button', { name: 'Generate New Code' }).click();
    await renew.getByRole('button', { name: 'Generate New Code' }).click();
    await expect(page.getByText('New invite code generated')).toBeVisible();
    await expect(page.getByText('The previous code is no longer valid.')).toBeVisible();
    await expect(codeField).not.toHaveValue(oldCode);
    const newCode = await codeField.inputValue();

    // A colleague in their own browser signs up as a referrer with the new code.
    const colleagueContext = await browser.newContext();
    try {
      const colleague = await colleagueContext.newPage();
      await colleague.goto('/signup?role=referrer');
      await hydrated(colleague);
      await colleague.getByLabel('Full name').fill('Morgan Member');
      const morgan = uniqueEmail('morgan');
      await colleague.getByLabel('Email').fill(morgan);
      await colleague.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await colleague.getByLabel('Company invite code').fill(oldCode);
      await colleague.getByRole('button', { name: 'Create Account' }).click();
      await expect(colleague.getByText('Signup failed')).toBeVisible();
      await expect(colleague).toHaveURL(/\/signup/);

      await colleague.getByLabel('Company invite code').fill(newCode);
      await colleague.getByRole('button', { name: 'Create Account' }).click();
      await finishSignupViaUi(colleague, morgan);
      await expect(colleague).toHaveURL(/\/referrer-dashboard$/);
    } finally {
      await colleagueContext.close();
    }

    await page.reload();
    const roleSelect = page.getByRole('combobox', { name: 'Role for Morgan Member' });
    await expect(roleSelect).toHaveText('Member');
    await roleSelect.click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByText('Role updated to Admin')).toBeVisible();
    await expect(roleSelect).toHaveText('Admin');

    await page.getByRole('button', { name: 'Remove Morgan Member' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove team member?' });
    await expect(confirm).toContainText('Morgan Member');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Team member removed')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role for Morgan Member' })).toHaveCount(0);
  });

  test('Add Team Member needs a name and an email, then invites them by e-mail', async ({ page, browser }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard/team');
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Missing information')).toBeVisible();
    await expect(page.getByText('Please provide a name and email for the new team member.')).toBeVisible();
    await expect(dialog).toBeVisible();

    const email = uniqueEmail('invitee');
    await dialog.getByLabel('Name').fill('Ivy Invitee');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Team member added')).toBeVisible();
    await expect(page.getByText(`An invitation has been sent to ${email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(pending).toContainText('Ivy Invitee');
    await expect(pending).toContainText('Invited');

    // The dialog opens empty again.
    await page.getByRole('button', { name: 'Add Team Member' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Team Member' }).getByLabel('Name')).toHaveValue('');
    await page.keyboard.press('Escape');

    // The invitee follows the e-mailed link in their own browser and joins as a member.
    const inviteeContext = await browser.newContext();
    try {
      const invitee = await inviteeContext.newPage();
      await invitee.goto(await linkInMailTo(email, '/signup'));
      await expect(invitee.getByRole('heading', { level: 1, name: `Join ${admin.company.name}` })).toBeVisible();
      await expect(invitee.getByLabel('Full name')).toHaveValue('Ivy Invitee');
      await expect(invitee.getByLabel('Email')).toHaveValue(email);
      await expect(invitee.getByRole('combobox', { name: 'I am a...' })).toHaveCount(0);
      await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await invitee.getByRole('button', { name: 'Create Account' }).click();
      await expect(invitee).toHaveURL(/\/referrer-dashboard$/);
      // A new member is asked who they are first; they answer later.
      const prompt = invitee.getByRole('dialog', { name: 'Tell job seekers who you are' });
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toHaveCount(0);
      await expect(invitee.getByRole('heading', { name: admin.company.name })).toBeVisible();
    } finally {
      await inviteeContext.close();
    }

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role for Ivy Invitee' })).toHaveText('Member');
    await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
  });

  test('a member who is not an admin cannot manage the team', async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(request);
    const teamResponse = await request.get(`/api/companies/${admin.company.id}/team`);
    const { inviteCode } = (await teamResponse.json()) as { inviteCode: string };
    await signUpViaApi(page, { name: 'Quinn Member', role: 'referrer', inviteCode });

    await page.goto('/company-dashboard/team');
    await expect(page.getByText('Only company administrators can manage the team.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate New Code' })).toHaveCount(0);
  });
});
