import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { encode } from 'fast-png';
import { PHONE, apiCall, apiToken, baseUrl, hasBrowser, openBrowser, ownUser, screenshot, signIn, type BrowserSession } from './browser';

/**
 * DESIGN §18 on the technician's phone, in a plant room with no signal (docs/work-orders.md
 * "Technician screens", docs/offline.md): a technician opens an order on a 390×844 phone, the
 * network goes, and they start and stop the labour timer, use a part found in the phone's
 * catalogue, fill the order's procedure and record a comment with a photo. Back online the outbox
 * sends them: the server then holds exactly one labour entry, one part use (the stock down by
 * exactly its quantity), one procedure inspection and one comment with its photo — and sending the
 * same writes again with their keys changes nothing.
 * The test makes its own technician, asset, checklist, part and order: the demo data stays as seeded.
 */

interface Saved {
  _id: string;
}
interface OrderRead extends Saved {
  title: string;
  labour: { startedAt: number; endedAt: number | null; user: string }[];
  parts: { part: string; quantity: number }[];
  procedureInspection: string | null;
  activity: { comment: string; user: string; photos?: string[] }[];
}
interface QueuedWrite {
  id: string;
  createdAt: number;
  request: { method: string; path: string; query?: Record<string, string | number>; body: unknown };
}

const RUN = Date.now().toString(36);

/** A small photo of a worn belt: a real PNG, which the phone scales to JPEG before it goes up. */
function beltPng(): Buffer {
  const data = new Uint8Array(80 * 60 * 3).map((_, index) => [60, 60, 70][index % 3]!);
  return Buffer.from(encode({ width: 80, height: 60, data, channels: 3 }));
}
const HOUR = 3_600_000;

/** Whether the phone keeps a read of each path (IndexedDB 'reads', keys `<user>|<path>`) and the catalogue. */
async function keptOnPhone(page: Page, paths: string[]): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('facilityops-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads') || !db.objectStoreNames.contains('catalogue')) return resolve(false);
          const tx = db.transaction(['reads', 'catalogue']);
          const keys = tx.objectStore('reads').getAllKeys();
          const catalogues = tx.objectStore('catalogue').count();
          tx.oncomplete = () => resolve(catalogues.result > 0 && wanted.every((path) => keys.result.some((key) => String(key).endsWith(`|${path}`))));
          tx.onerror = () => resolve(false);
        };
      }),
    paths,
    { timeout: 20_000 },
  );
}

/** The phone's outbox as stored, oldest press first, as it sends (for sending the same writes again afterwards). */
function outboxOnPhone(page: Page): Promise<QueuedWrite[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedWrite[]>((resolve, reject) => {
        const open = indexedDB.open('facilityops-offline');
        open.onerror = () => reject(new Error('no offline database'));
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve((all.result as QueuedWrite[]).map(({ id, createdAt, request }) => ({ id, createdAt, request })).sort((a, b) => a.createdAt - b.createdAt));
          all.onerror = () => reject(new Error('outbox unreadable'));
        };
      }),
  );
}

/** Waits for `locator`; if it does not come, says what the page showed and its errors. */
async function shownOn(page: Page, locator: Locator, pageErrors: readonly string[]): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error: unknown) {
    const text = await page.locator('body').innerText({ timeout: 2_000 }).catch(() => '(no body)');
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe page at ${page.url()} showed:\n${text.slice(0, 2_000)}\nPage errors: ${pageErrors.join('\n') || 'none'}`);
  }
}

describe.skipIf(!hasBrowser())("an order's work on the technician's phone, offline", () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('timer, part, procedure and a comment with a photo recorded offline arrive exactly once when the phone reconnects', async () => {
    const admin = await apiToken('admin');
    const tech = await ownUser('ROLE_TECHNICIAN', 'wophone');
    const attribute = await apiCall<Saved>(admin, '/attribute', { method: 'POST', body: { name: `Belt tension ${RUN}`, type: 'number' } });
    const procedure = await apiCall<Saved>(admin, '/checklist', {
      method: 'POST',
      body: { name: `Belt change procedure ${RUN}`, checklistItems: [{ attribute: attribute._id, sequenceId: 1, threshold: null }] },
    });
    const identification = `AHU-P-${RUN}`;
    const asset = await apiCall<Saved>(admin, '/asset', { method: 'POST', body: { name: `Air handler ${RUN}`, identification, checklists: [procedure._id] } });
    const partNumber = `SK-${RUN}`.toUpperCase();
    const part = await apiCall<Saved>(admin, '/sparePart', { method: 'POST', body: { partNumber, name: `Seal kit ${RUN}`, quantityOnHand: 10, location: 'Store B' } });
    const now = Date.now();
    const order = await apiCall<OrderRead>(admin, '/workOrder', {
      method: 'POST',
      body: { title: `Replace the V-belt ${RUN}`, asset: asset._id, assignedTo: tech._id, priority: 'High', status: 'In Progress', startTimestamp: now, endTimestamp: now + 4 * HOUR, procedure: procedure._id },
    });

    const { page, context } = await session.newPage(PHONE);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    await page.goto(`${baseUrl()}/login`);
    await signIn(page, tech.username, tech.password);
    await page.waitForURL('**/inspection');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installs the worker; the page is controlled from its next load on.
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();

    // The technician opens the order with the network on: what the phone keeps for it is stored.
    await page.getByRole('link', { name: new RegExp(order.title) }).click();
    await shownOn(page, page.getByRole('heading', { level: 1, name: order.title }), pageErrors);
    await keptOnPhone(page, [`/workOrder/${order._id}`, `/asset/${asset._id}`]);

    // In the plant room.
    await context.setOffline(true);
    const labour = page.getByRole('region', { name: 'Labour' });
    const startedBefore = Date.now();
    await labour.getByRole('button', { name: 'Start' }).click();
    await labour.getByRole('timer', { name: 'Running time' }).waitFor();
    await page.getByRole('link', { name: '1 waiting to send' }).waitFor();
    await page.waitForTimeout(2_500);
    await screenshot(page, 'work-order-phone-1-timer-running-offline');
    await labour.getByRole('button', { name: 'Stop' }).click();
    const stoppedAfter = Date.now();
    await page.getByRole('link', { name: '2 waiting to send' }).waitFor();

    await page.getByRole('region', { name: 'Parts' }).getByRole('button', { name: 'Add part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a part used' });
    await dialog.getByRole('textbox', { name: 'Part number or name' }).fill(partNumber);
    await shownOn(page, dialog.getByRole('button', { name: new RegExp(`${partNumber} · Seal kit`) }), pageErrors);
    await dialog.getByText('10 in stock · Store B').waitFor();
    // The list answers the number typed (one part), not the one before it: a tap then stays on its part.
    await expect.poll(() => dialog.getByRole('list', { name: 'Parts found' }).getByRole('button').count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: new RegExp(`${partNumber} · Seal kit`) }).click();
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('3');
    await screenshot(page, 'work-order-phone-2-add-part-offline');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('link', { name: '3 waiting to send' }).waitFor();

    await page.getByRole('region', { name: 'Procedure' }).getByRole('link', { name: 'Fill procedure' }).click();
    const panel = page.getByRole('region', { name: `Air handler ${RUN}` });
    await shownOn(page, panel.getByRole('textbox', { name: `Belt tension ${RUN}` }), pageErrors);
    await panel.getByRole('textbox', { name: `Belt tension ${RUN}` }).fill('42');
    await panel.getByRole('button', { name: 'Submit', exact: true }).click();
    await shownOn(page, page.getByRole('heading', { level: 1, name: order.title }), pageErrors);
    await page.getByRole('link', { name: '4 waiting to send' }).waitFor();
    await page.getByRole('region', { name: 'Procedure' }).getByText('Filled').waitFor();

    // A comment with a photo of the old belt: the photo waits on the phone, the comment names it.
    const comment = page.getByRole('textbox', { name: 'Record activity' });
    const commentForm = page.locator('form', { has: comment });
    await commentForm.getByLabel('Take photo').setInputFiles({ name: 'old-belt.png', mimeType: 'image/png', buffer: beltPng() });
    await page.getByText('No network: the photo is kept on this phone and sent with the comment').waitFor();
    await commentForm.getByRole('img', { name: 'Photo 1' }).waitFor();
    await comment.fill('Old belt cracked along its length');
    await screenshot(page, 'work-order-phone-3-comment-photo-offline');
    await commentForm.getByRole('button', { name: 'Record', exact: true }).click();
    await page.getByRole('link', { name: '5 waiting to send' }).waitFor();
    await screenshot(page, 'work-order-phone-3-all-waiting-offline');
    const queued = await outboxOnPhone(page);
    expect(queued.map((item) => item.request.path), JSON.stringify(queued.map((item) => [item.request.path, item.createdAt, item.request.body]))).toEqual([
      `/workOrder/${order._id}/labour`,
      `/workOrder/${order._id}/labour/stop`,
      `/workOrder/${order._id}/parts`,
      '/inspection',
      `/workOrder/${order._id}/activity`,
    ]);

    // Back up the stairs: the outbox sends by itself.
    const reconnectedAt = Date.now();
    await context.setOffline(false);
    await page.getByRole('link', { name: /waiting to send/ }).waitFor({ state: 'detached', timeout: 30_000 });
    // The order is read again as the server holds it: nothing waits any more.
    await page.getByRole('region', { name: 'Parts' }).getByText(`3 × ${partNumber} Seal kit ${RUN}`).waitFor();
    expect(await page.getByText('Waiting to send').count()).toBe(0);
    await screenshot(page, 'work-order-phone-4-sent');

    const techToken = await apiToken(tech.username, tech.password);
    const sent = await apiCall<OrderRead>(admin, `/workOrder/${order._id}`);
    const comments = sent.activity.filter((entry) => entry.comment === 'Old belt cracked along its length');
    expect(comments).toEqual([expect.objectContaining({ user: tech._id, photos: [expect.any(String)] })]);
    const photoId = comments[0]!.photos![0]!;
    // The assignee reads the photo the phone uploaded: an image, scaled on the phone.
    const photo = await fetch(`${baseUrl()}/api/file/${photoId}`, { headers: { 'x-auth': techToken } });
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    const sendAgain = async () => {
      for (const item of queued) {
        const search = new URLSearchParams(Object.entries(item.request.query ?? {}).map(([key, value]) => [key, String(value)])).toString();
        // As the outbox sent it: the photo's local id replaced by the uploaded file's.
        const body = item.request.path.endsWith('/activity') ? { ...(item.request.body as object), photos: [photoId] } : item.request.body;
        const answer = await fetch(`${baseUrl()}/api${item.request.path}${search ? `?${search}` : ''}`, {
          method: item.request.method,
          headers: { 'x-auth': techToken, 'content-type': 'application/json', 'Idempotency-Key': item.id },
          body: JSON.stringify(body),
        });
        expect(answer.status, `${item.request.path} sent again`).toBe(200);
        expect(answer.headers.get('idempotent-replayed')).toBe('true');
      }
    };
    // Sent once more with the same keys (a lost answer, another tab): replayed, nothing written twice.
    await sendAgain();

    const stored = await apiCall<OrderRead>(admin, `/workOrder/${order._id}`);
    expect(stored.activity.filter((entry) => entry.comment === comments[0]!.comment)).toHaveLength(1);
    expect(stored.labour).toHaveLength(1);
    const [entry] = stored.labour;
    expect(entry!.user).toBe(tech._id);
    // The times of the presses, offline — not of the sending.
    expect(entry!.startedAt).toBeGreaterThanOrEqual(startedBefore);
    expect(entry!.endedAt).not.toBeNull();
    expect(entry!.endedAt!).toBeGreaterThan(entry!.startedAt);
    expect(entry!.endedAt!).toBeLessThanOrEqual(stoppedAfter);
    expect(entry!.endedAt!).toBeLessThan(reconnectedAt);
    expect(stored.parts).toEqual([expect.objectContaining({ part: part._id, quantity: 3 })]);
    expect((await apiCall<{ quantityOnHand: number }>(admin, `/sparePart/${part._id}`)).quantityOnHand).toBe(7);
    const inspections = await apiCall<(Saved & { workOrder?: string | null })[]>(admin, `/inspection?assetId=${asset._id}`);
    expect(inspections).toHaveLength(1);
    expect(stored.procedureInspection).toBe(inspections[0]!._id);
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
