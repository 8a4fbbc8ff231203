import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, baseUrl, hasBrowser, openBrowser, ownUser, screenshot, signIn, type BrowserSession } from './browser';

/** Changing one's own password in the Profile dialog (DESIGN §4: current password, 10 characters). */
describe.skipIf(!hasBrowser())('the Profile dialog changes the password in Chromium', () => {
  let session: BrowserSession;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('asks for the current password, shows the server\'s refusals in the dialog, then saves', async () => {
    const { page } = await session.newPage(PHONE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A thermography technician of its own: the demo users' passwords stay 'demo' for every other file.
    const user = await ownUser('ROLE_THERMOGRAPHY_TECHNICIAN', 'profile.password');
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/inspection');
    await page.getByRole('button', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog');
    const current = dialog.locator('input[name="currentPassword"]');
    expect(await current.count()).toBe(0);

    await dialog.locator('input[name="password"]').fill('123456789');
    await dialog.locator('input[name="confirmPassword"]').fill('123456789');
    await current.fill(user.password);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('password must be at least 10 characters').waitFor();

    await dialog.locator('input[name="password"]').fill('thermo-secret-10');
    await dialog.locator('input[name="confirmPassword"]').fill('thermo-secret-10');
    await current.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('currentPassword is not your current password').waitFor();
    // A wrong current password is a 400: the user stays signed in, on the same screen.
    expect(new URL(page.url()).pathname).toBe('/inspection');
    expect(await dialog.getByRole('button', { name: 'Update' }).isEnabled()).toBe(true);
    await screenshot(page, 'profile-wrong-current-password');

    await current.fill(user.password);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile update successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'profile-password-changed');

    // The dialog kept the fresh token the server answered: the session goes on.
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    expect((await fetch(`${baseUrl()}/api/token/init`, { headers: { 'x-auth': token! } })).status).toBe(200);
    const signInWith = (password: string) => fetch(`${baseUrl()}/api/token/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password }),
    });
    expect((await signInWith('thermo-secret-10')).status).toBe(200);
    expect((await signInWith(user.password)).status).toBe(401);
    await page.close();
  });

  it('raised no uncaught errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
