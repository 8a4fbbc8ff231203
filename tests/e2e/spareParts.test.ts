import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';
import { PLAIN_JPEG } from '../api/thermography/thermographyApi';
import { pdfBytes } from '../api/helpers/uploads';

/**
 * Issue 42's acceptance in Chromium: the product's spare parts as the administrator, and as a user
 * of a new role holding the engineer area and `manage-sparepart` alone — who may read vendors' and
 * assets' names to show and pick them, nothing else of vendors, and is never sent to Login.
 * Expected words: the declaration's labels (common/resources/sparePart.ts), spec §8's notices, the
 * stock chip's rule (common/fields/custom/stockLevel.ts) and the demo stores (server/seed/demoStores.ts).
 */
describe.skipIf(!hasBrowser())('spare parts in Chromium', () => {
  let session: BrowserSession;
  const pageErrors: string[] = [];
  const run = Date.now().toString(36);

  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  async function signedIn(username: string, password = 'demo'): Promise<Page> {
    const { page } = await session.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, username, password);
    await page.waitForURL('**/home');
    return page;
  }

  const seen = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const row = (page: Page, cell: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: cell, exact: true }) });

  /** Creates a part through New's dialog, edits its counts and vendor inline, and deletes it. */
  async function walk(page: Page, who: string) {
    await page.goto(`${baseUrl()}/home/sparePartManagement`);
    await page.getByRole('heading', { name: 'Spare part management' }).waitFor();
    // The seeded mechanical seal: 1 on hand, reorder at 3.
    await row(page, 'NPS-MS-35').getByText('Reorder', { exact: true }).waitFor();
    await row(page, 'NPS-MS-35').getByRole('cell', { name: 'Nordic Pump Service', exact: true }).waitFor();

    const partNumber = `E2E-${who}-${run}`.toUpperCase();
    await page.getByRole('button', { name: 'New Spare part' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Part number' }).fill(partNumber);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Impeller 150 mm');
    await screenshot(page, `spare-parts-${who}-1-new`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Spare part created');

    await row(page, partNumber).getByRole('button').first().click();
    const quantity = page.getByRole('textbox', { name: 'Quantity on hand' });
    expect(await quantity.getAttribute('inputmode')).toBe('numeric');
    await quantity.fill('3000000000');
    await page.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Quantity on hand must be at most 2147483647');
    await quantity.fill('0');
    await page.getByRole('textbox', { name: 'Reorder level' }).fill('2');
    const vendor = page.getByRole('combobox', { name: 'Vendor' });
    await vendor.fill('nordic');
    await page.getByRole('option', { name: 'Nordic Pump Service' }).click();
    // The photo and the datasheet go up as they are chosen (DESIGN §15's file and photo kinds).
    const photo = page.getByRole('group', { name: 'Photo' });
    await photo.locator('input[type="file"]').setInputFiles({ name: 'impeller.jpg', mimeType: 'image/jpeg', buffer: PLAIN_JPEG });
    await photo.getByRole('img', { name: 'impeller.jpg' }).waitFor();
    const datasheet = page.getByRole('group', { name: 'Datasheet' });
    // A picture is not a datasheet: the server's refusal is shown in the field.
    await datasheet.locator('input[type="file"]').setInputFiles({ name: 'sheet.pdf', mimeType: 'application/pdf', buffer: PLAIN_JPEG });
    await datasheet.getByText('file must be a PDF document', { exact: true }).waitFor();
    await datasheet.locator('input[type="file"]').setInputFiles({ name: 'impeller-150.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Impeller 150 mm') });
    await datasheet.getByRole('button', { name: 'Download impeller-150.pdf' }).waitFor();
    await screenshot(page, `spare-parts-${who}-2-edit`);
    await page.getByRole('button', { name: 'Save' }).click();
    await seen(page, 'Spare part updated');
    await row(page, partNumber).getByText('Reorder', { exact: true }).waitFor();
    await row(page, partNumber).getByRole('cell', { name: 'Nordic Pump Service', exact: true }).waitFor();
    // The saved photo is the part's: its thumbnail in the list, read back from the server.
    await row(page, partNumber).getByRole('button', { name: `Open the image ${partNumber} Impeller 150 mm` }).getByRole('img').waitFor();
    await screenshot(page, `spare-parts-${who}-3-list`);

    // Two parts of one name: each Delete button names its part number too.
    await row(page, partNumber).getByRole('button', { name: `Delete ${partNumber} Impeller 150 mm` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await seen(page, 'Spare part deleted');
    await row(page, partNumber).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl()}/home/sparePartManagement`);
  }

  it('as the administrator: the seeded stores, New asking the part number and name, the stock chip, the vendor picked by name', async () => {
    const page = await signedIn('admin');
    await walk(page, 'admin');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('as a user holding only the engineer area and manage-sparepart: vendors named and picked, never sent to Login', async () => {
    const admin = await apiToken('admin');
    const permissions = await apiCall<{ _id: string; name: string }[]>(admin, '/permission');
    const held = permissions.filter((permission) => ['view-engineer', 'manage-sparepart'].includes(permission.name)).map((permission) => permission._id);
    expect(held).toHaveLength(2);
    const role = await apiCall<{ _id: string }>(admin, '/role', { method: 'POST', body: { name: `Stores keeper ${run}`, permissions: held } });
    const username = `keeper.${run}`;
    const user = await apiCall<{ _id: string }>(admin, '/user', { method: 'POST', body: { username, name: 'Stores Keeper', role: role._id } });
    const { password } = await apiCall<{ password: string }>(admin, `/user/${user._id}/resetPassword`, { method: 'POST', body: {} });
    const page = await signedIn(username, password);
    // The drawer offers spare parts, not vendors (not theirs).
    await page.getByRole('menuitem', { name: 'Spare part management' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Vendor management' }).count()).toBe(0);
    await walk(page, 'keeper');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
