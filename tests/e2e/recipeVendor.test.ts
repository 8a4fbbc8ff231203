import { readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudResources } from '../../server/crud/registry';
import { createTestApp, type TestApp } from '../api/helpers/testApp';
import { vendorResource } from '../fixtures/recipe/vendor.server';
import { hasBrowser, openBrowser, screenshot, type BrowserSession } from './browser';

const ADMIN_PASSWORD = 'recipe-admin-password';

/**
 * The README recipe end to end in Chromium (issue 22): a server serving the Vendor declaration with
 * its generated migration, the Vendor web declaration on the generic screen (served by Vite), and a
 * user walking create → edit → copy → delete, each step's derived notice seen on screen.
 */
describe.skipIf(!hasBrowser())('the README recipe (Vendor) in Chromium', () => {
  let t: TestApp;
  let vite: ViteDevServer;
  let session: BrowserSession;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: 'production', adminPassword: ADMIN_PASSWORD }, undefined, {
      resources: [...crudResources, vendorResource],
      migrations: [readFileSync(path.join(process.cwd(), 'tests/fixtures/recipe/0013_vendor.sql'), 'utf8')],
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

  it('creates, edits inline, copies and deletes a vendor with the derived notices', async () => {
    await page.getByRole('heading', { name: 'Vendor management' }).waitFor();

    await prompt('New Vendor', 'Acme Pumps');
    await seen('Vendor created');
    await row('Acme Pumps').getByRole('cell', { name: 'Yes', exact: true }).waitFor();

    await row('Acme Pumps').getByRole('button').first().click();
    await page.getByRole('textbox', { name: 'Phone' }).fill('+41 44 000 00 00');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('not an address');
    await page.getByRole('button', { name: 'Save' }).click();
    // The schema's message, not Chromium's own popup (inputMode, not type="email").
    await seen('Email is not a valid email address');
    await email.fill('orders@acme.example');
    await page.getByRole('switch', { name: 'Active' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await seen('Vendor updated');
    await row('Acme Pumps').getByRole('cell', { name: 'No', exact: true }).waitFor();
    await screenshot(page, 'recipe-vendor-edited');

    await row('Acme Pumps').getByRole('checkbox').click();
    await prompt('Copy Vendor', 'Acme Valves');
    await seen('Vendor copied');
    await row('Acme Valves').getByRole('cell', { name: 'orders@acme.example' }).waitFor();

    await page.getByRole('button', { name: 'Delete Acme Pumps' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete this item?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await seen('Vendor deleted');
    await expect.poll(() => row('Acme Pumps').count()).toBe(0);

    const listed = await t.app.inject({ method: 'GET', url: '/api/vendor', headers: { 'x-auth': await t.login('admin', ADMIN_PASSWORD) } });
    expect((listed.json() as { name: string; phone: string; active: boolean }[]).map((v) => [v.name, v.phone, v.active])).toEqual([['Acme Valves', '+41 44 000 00 00', false]]);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
