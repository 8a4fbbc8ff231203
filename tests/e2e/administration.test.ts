import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';
import { dateField, typeDate } from './dateInput';

/**
 * Issue 3's walk through the administration screens in Chromium: an attribute, a checklist with a
 * thresholded item, an asset using both, its copy, QR labels, and deleting the copy — each step's
 * spec message seen on screen.
 */
describe.skipIf(!hasBrowser())('administration in Chromium', () => {
  let session: BrowserSession;
  let page: Page;
  const pageErrors: string[] = [];
  const run = Date.now().toString(36);

  beforeAll(async () => {
    session = await openBrowser();
    ({ page } = await session.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, 'admin');
    await page.waitForURL('**/home');
  });
  afterAll(async () => {
    await session?.close();
  });

  const seen = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const shot = (name: string) => screenshot(page, `admin-${name}`);

  it('creates an attribute, a thresholded checklist and an asset, copies it, prints labels and deletes the copy', async () => {
    // 1. attribute
    await page.goto(baseUrl() + '/home/attributeManagement');
    await page.getByRole('button', { name: 'New Attribute' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').first().fill(`Motor temperature ${run}`);
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'number', exact: true }).click();
    await shot('1-attribute-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seen('Attribute created');
    // 2. checklist with a thresholded item
    await page.goto(baseUrl() + '/home/checklistManagement');
    await page.getByRole('button', { name: 'New Checklist' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(`Motor check ${run}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await seen('Checklist created');
    await page.getByRole('textbox', { name: 'Search' }).fill(`Motor check ${run}`);
    const row = page.getByRole('row').filter({ hasText: `Motor check ${run}` });
    await row.getByRole('button', { name: /expand/i }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    const item = page.getByTestId('checklist-item').first();
    await item.getByLabel('Attribute').click();
    await page.getByRole('option', { name: new RegExp(`Motor temperature ${run}`) }).click();
    await item.getByLabel('Threshold').check();
    await item.getByLabel('Operation').click();
    await page.getByRole('option', { name: 'greater than' }).click();
    await item.getByLabel('Value').fill('90');
    await shot('2-checklist');
    await page.getByRole('button', { name: 'Save' }).click();
    await seen('Checklist updated');
    // 3. asset with tags, static attributes and that checklist
    await page.goto(baseUrl() + '/home/assetManagement');
    await page.getByRole('button', { name: 'New Asset' }).click();
    let assetDialog = page.getByRole('dialog');
    await assetDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Motor ${run}`);
    await assetDialog.getByRole('textbox', { name: 'Identification' }).fill(`MTR-${run}`);
    await assetDialog.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Tag name' }).getByRole('textbox').fill(`Line ${run}`);
    await page.getByRole('dialog').filter({ hasText: 'Tag name' }).getByRole('button', { name: 'Confirm' }).click();
    await assetDialog.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: `Line ${run}` }).click();
    await page.keyboard.press('Tab');
    await assetDialog.getByRole('combobox', { name: 'Checklists' }).click();
    await page.getByRole('option', { name: `Motor check ${run}` }).click();
    await page.keyboard.press('Tab');
    await assetDialog.getByRole('button', { name: 'New Static Attribute Key' }).click();
    await page.getByRole('dialog').filter({ hasText: 'Static Attribute Name' }).getByRole('textbox').fill('Rated power');
    await page.getByRole('dialog').filter({ hasText: 'Static Attribute Name' }).getByRole('button', { name: 'Confirm' }).click();
    await assetDialog.getByRole('button', { name: 'Add Static Attribute' }).click();
    const attr = assetDialog.getByRole('group', { name: 'Static Attributes 1' });
    await attr.getByRole('combobox', { name: 'Name' }).fill('Rated');
    await page.getByRole('option', { name: 'Rated power' }).click();
    await attr.getByRole('textbox', { name: 'Value' }).fill('75 kW');
    await shot('3-asset');
    await assetDialog.getByRole('button', { name: 'Create' }).click();
    await seen('Asset created');
    await shot('3b');
    // 4. copy it (identification cleared), then print labels, then delete the copy
    await page.getByRole('textbox', { name: 'Search' }).fill(run);
    await page.getByRole('row').filter({ hasText: `Motor ${run}` }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Copy Asset' }).click();
    assetDialog = page.getByRole('dialog');
    await assetDialog.getByRole('textbox', { name: 'Identification' }).waitFor();
    expect(await assetDialog.getByRole('textbox', { name: 'Identification' }).inputValue()).toBe('');
    await assetDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Motor ${run} copy`);
    await assetDialog.getByRole('textbox', { name: 'Identification' }).fill(`MTR-${run}-2`);
    await assetDialog.getByRole('button', { name: 'Create' }).click();
    await seen('Asset created');
    await assetDialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: `Motor ${run} copy` }).waitFor();
    await shot('4-copied');
    await page.getByRole('row').filter({ hasText: `Motor ${run} copy` }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Print QR labels' }).click();
    await page.waitForURL(/labels/);
    await page.getByRole('img', { name: `ASSET_ID:MTR-${run}` }).first().waitFor();
    await shot('5-labels');
    await page.goBack();
    await page.getByRole('textbox', { name: 'Search' }).fill(`${run} copy`);
    await page.getByRole('row').filter({ hasText: `Motor ${run} copy` }).getByRole('button', { name: /Delete/ }).click();
    await seen(`Are you sure you want to delete the asset Motor ${run} copy`);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await seen('Asset deleted');
    await shot('6-deleted');
    expect(pageErrors).toEqual([]);
  }, 120_000);

  // Issue 16 §8: a checklist with history is archived, not deleted; its inspections still name it.
  it('deleting a checklist with history archives it: the engineer still sees it named in the Inspections table; Restore brings it back', async () => {
    await page.goto(baseUrl() + '/home/checklistManagement');
    await page.getByRole('textbox', { name: 'Search' }).fill('AHU monthly check');
    const row = page.getByRole('row').filter({ hasText: 'AHU monthly check' });
    await row.getByRole('button', { name: 'Delete AHU monthly check' }).click();
    const confirmation = page.getByRole('dialog');
    await confirmation.getByText(/^Are you sure you want to delete the checklist AHU monthly check\? \d+ inspections/).waitFor();
    expect(await confirmation.innerText()).toContain('refer to it: it will be archived — hidden from new work, still shown in their history, and can be restored.');
    // The dialog fades in: the picture is taken once it is fully shown.
    await expect.poll(() => confirmation.evaluate((paper) => getComputedStyle(paper).opacity), { timeout: 15_000 }).toBe('1');
    await shot('7-archive-confirmation');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await seen('Checklist deleted');
    await row.waitFor({ state: 'detached' });

    // The engineer's Inspections table, searched by asset name, still names the checklist.
    const engineer = await session.newPage();
    const other = engineer.page;
    other.on('pageerror', (error) => pageErrors.push(error.message));
    await other.goto(`${baseUrl()}/login`);
    await signIn(other, 'engineer');
    await other.waitForURL('**/home');
    await other.goto(`${baseUrl()}/home/inspection/table`);
    await typeDate(dateField(other, 'Period from'), new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10));
    await other.getByRole('textbox', { name: 'Search' }).fill('Air handling unit 1');
    const inspected = other.locator('tbody tr:has(> td button[aria-expanded])').filter({ hasText: 'AHU monthly check' }).first();
    await inspected.waitFor();
    await inspected.getByRole('button', { name: /expand|row details/i }).click();
    // Its detail (the next row) lists the checklist's attributes; 'Status' is mandatory, so every
    // inspection of it has one — other browser tests submit AHU inspections without the optional ones.
    await inspected.locator('xpath=following-sibling::tr[1]').getByText('Status', { exact: true }).first().waitFor();
    await screenshot(other, 'admin-8-archived-checklist-in-history');
    await engineer.context.close();

    await page.getByRole('switch', { name: 'Show archived' }).check();
    await row.getByRole('button', { name: 'Restore AHU monthly check' }).waitFor();
    await shot('9-archived-listed');
    await row.getByRole('button', { name: 'Restore AHU monthly check' }).click();
    await seen('Restored successfully');
    await row.getByRole('button', { name: 'Delete AHU monthly check' }).waitFor();
    await shot('10-restored');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
