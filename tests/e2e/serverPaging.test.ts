import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';

/**
 * Issue 22 in Chromium: Asset and User management page on the server. The screen shows ten rows
 * and the total, pages, sorts and searches through the API, and never asks for every asset.
 * Expected rows come from the seeded data read beside the browser, ordered here by hand.
 */
describe.skipIf(!hasBrowser())('server-paged administration lists in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  const pageErrors: string[] = [];
  const assetListCalls: string[] = [];
  let assets: { name: string; identification: string }[] = [];

  beforeAll(async () => {
    const token = await apiToken('admin');
    assets = await apiCall(token, '/asset?fields=name,identification');
    session = await openBrowser();
    ({ page } = await session.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/asset') assetListCalls.push(url.search);
    });
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL('**/home');
  });
  afterAll(async () => {
    await session?.close();
  });

  const names = () => page.locator('tbody tr[data-row-id] td:nth-child(3)').allTextContents();

  it('shows ten assets of all with the total, pages, sorts and searches through the server', async () => {
    expect(assets.length).toBeGreaterThan(10);
    const byName = assets.map((asset) => asset.name).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    await page.goto(`${baseUrl()}/home/assetManagement`);
    await page.getByText(`1–10 of ${assets.length}`).waitFor();
    expect(await names()).toEqual(byName.slice(0, 10));

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText(`11–${Math.min(20, assets.length)} of ${assets.length}`).waitFor();
    await page.getByRole('cell', { name: byName[10], exact: true }).waitFor();
    expect(await names()).toEqual(byName.slice(10, 20));

    // Name descending: the last asset by name comes first, and the table is back on its first page.
    await page.getByRole('columnheader', { name: 'Asset', exact: true }).getByRole('button').click();
    // That asset may already be on screen (the last of page 2): wait for the order, not for the cell.
    await expect.poll(async () => (await names())[0], { timeout: 10_000 }).toBe(byName.at(-1));
    await page.getByText(`1–10 of ${assets.length}`).waitFor();

    const wanted = assets.find((asset) => asset.identification) as { name: string; identification: string };
    await page.getByRole('textbox', { name: 'Search' }).fill(wanted.identification);
    const matching = assets.filter((asset) => `${asset.name} ${asset.identification}`.toLowerCase().includes(wanted.identification.toLowerCase())).length;
    await page.getByText(`1–${matching} of ${matching}`).waitFor();
    expect(await names()).toContain(wanted.name);
    await screenshot(page, 'server-paging-assets');

    expect(assetListCalls.length).toBeGreaterThan(0);
    // Every list call the screen made asked for one page; none for every asset.
    for (const search of assetListCalls.filter((s) => new URLSearchParams(s).has('fields'))) expect(new URLSearchParams(search).get('range')).toMatch(/^\[\d+,\d+\]$/);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('finds users by the role name the Role column shows', async () => {
    const token = await apiToken('admin');
    const roles = await apiCall<{ _id: string; name: string }[]>(token, '/role?fields=name');
    const technicianRole = roles.find((role) => role.name === 'ROLE_TECHNICIAN');
    const users = await apiCall<{ role: string | null }[]>(token, '/user?fields=role');
    const technicians = users.filter((user) => user.role === technicianRole?._id).length;
    expect(technicians).toBeGreaterThan(0);

    await page.goto(`${baseUrl()}/home/userManagement`);
    await page.getByRole('textbox', { name: 'Search' }).fill('ROLE_TECHNICIAN');
    await page.getByText(`1–${technicians} of ${technicians}`).waitFor();
    const roleCells = await page.locator('tbody tr[data-row-id] td:nth-child(4)').allTextContents();
    expect(roleCells).toEqual(Array(technicians).fill('ROLE_TECHNICIAN'));
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
