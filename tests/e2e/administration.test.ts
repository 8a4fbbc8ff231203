import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, hasBrowser, openBrowser, screenshot, signIn, type BrowserSession } from './browser';

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
});
