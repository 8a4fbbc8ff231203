import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/helpers/testApp';
import { withRecipe } from '../fixtures/recipe/recipeApp';
import { hasBrowser, openBrowser, screenshot, type BrowserSession } from './browser';
import { dateField, typeDate } from './dateInput';

const ADMIN_PASSWORD = 'recipe-admin-password';

/**
 * The README recipe end to end in Chromium (issue 22): a server serving the Tool declaration with
 * its generated migration, the Tool web declaration on the generic screen (served by Vite), and a
 * user walking create → edit → copy → delete, each step's derived notice seen on screen.
 */
describe.skipIf(!hasBrowser())('the README recipe (Tool) in Chromium', () => {
  let t: TestApp;
  let vite: ViteDevServer;
  let session: BrowserSession;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: 'production', adminPassword: ADMIN_PASSWORD }, undefined, {
      ...withRecipe(),
    });
    const apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.login('admin', ADMIN_PASSWORD);
    vite = await createServer({
      configFile: false,
      root: path.join(process.cwd(), 'tests/fixtures/recipe/page'),
      cacheDir: path.join(tmpdir(), 'fo-recipe-vite'),
      plugins: [react()],
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, proxy: { '/api': apiUrl }, fs: { allow: [process.cwd(), realpathSync('node_modules')] } },
    });
    await vite.listen();
    session = await openBrowser();
    ({ page } = await session.newPage());
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript((jwt) => localStorage.setItem('jwt', jwt), token);
    await page.goto(vite.resolvedUrls!.local[0] as string);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await vite?.close();
    await t?.close();
  });

  const seen = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  async function prompt(button: string, name: string) {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  }

  it('creates, edits inline, copies and deletes a tool with the derived notices', async () => {
    await page.getByRole('heading', { name: 'Tool management' }).waitFor();

    await prompt('New Tool', 'Torque wrench');
    await seen('Tool created');
    await row('Torque wrench').waitFor();

    await row('Torque wrench').getByRole('button').first().click();
    await page.getByRole('textbox', { name: 'Serial number' }).fill('TW-2231');
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    expect(await quantity.getAttribute('inputmode')).toBe('numeric');
    await quantity.fill('-1');
    await page.getByRole('button', { name: 'Save' }).click();
    // The schema's message, not Chromium's own popup (inputMode, no type="number" or min).
    await seen('Quantity must be at least 0');
    await quantity.fill('2');
    await page.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'worn', exact: true }).click();
    await typeDate(dateField(page, 'Calibration due'), '2026-09-30');
    await page.getByRole('button', { name: 'Save' }).click();
    await seen('Tool updated');
    for (const shown of ['TW-2231', '2', 'worn', '2026/09/30']) await row('Torque wrench').getByRole('cell', { name: shown, exact: true }).waitFor();
    await screenshot(page, 'recipe-tool-edited');

    await row('Torque wrench').getByRole('checkbox').click();
    await prompt('Copy Tool', 'Torque wrench (spare)');
    await seen('Tool copied');
    await row('Torque wrench (spare)').getByRole('cell', { name: 'TW-2231', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Torque wrench', exact: true }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this item?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await seen('Tool deleted');
    await expect.poll(() => row('Torque wrench').count()).toBe(0);

    const listed = await t.app.inject({ method: 'GET', url: '/api/tool', headers: { 'x-auth': await t.login('admin', ADMIN_PASSWORD) } });
    expect((listed.json() as { name: string; serialNumber: string; calibrationDue: string | null; quantity: number | null; condition: string }[]).map((tool) => [tool.name, tool.serialNumber, tool.calibrationDue, tool.quantity, tool.condition])).toEqual([
      ['Torque wrench (spare)', 'TW-2231', '2026-09-30', 2, 'worn'],
    ]);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
