import { describe, expect, it } from 'vitest';
import drawScreen from '../../../../src/platform/firstScreen/drawScreen';
import { controlPanel, pumpA, pumpB, pumpChecklist, sessionUser, skdGroup, technician, vibration } from '../../features/technician/inspectFixtures';

/*
 * Issue 20: the inspect view's first screen, drawn as the server draws it (react-dom/static, the
 * session's and the page's answers handed in, no effect ever run). What the server asks and when is
 * tests/api/serverScreen.test.ts; its paint in a browser, styles and all (emotion keeps a server
 * render's rules as text only where there is no document), is tests/e2e/shell.test.ts.
 */

const PAGE = '/inspection/asset/identification/SKD-001';
const GROUP = '/asset/identification/group/SKD-001?expand=checklists';
const APPLICATION = { applicationName: 'North Plant', companyLogoURL: '' };
/** The phone's zone, which is not the test machine's: the drawn times must be in it. */
const PHONE = { timeZone: 'America/Chicago', userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36' };
const previousOfPumpA = [
  { _id: 'i1', timestamp: Date.UTC(2026, 10, 20, 8, 30), checklist: pumpChecklist._id, attributeData: [{ attribute: vibration._id, value: 4.75 }], attributeComments: [], userName: 'Tina Tester' },
];

function parsed(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

describe('the inspect view drawn on the server', () => {
  it('draws the app bar, the title, every asset with its checklist items and their previous values', async () => {
    const { html } = await drawScreen({ path: PAGE, answers: {
      '/token/init': technician,
      '/init/applicationInfo': APPLICATION,
      [GROUP]: skdGroup,
      [`/asset/${pumpA._id}/previousInspections`]: previousOfPumpA,
    }, drawnFor: PHONE });
    const page = parsed(html);
    const text = page.body.textContent ?? '';
    expect(page.querySelector('header')?.textContent).toContain('North Plant');
    expect(page.querySelector('h1')?.textContent).toBe('Asset SKD-001');
    for (const asset of [pumpA, pumpB, controlPanel]) expect(page.querySelector(`#asset-${asset._id}`)?.textContent, asset.name).toContain(asset.name);
    const pumpPanel = page.querySelector(`#asset-${pumpA._id}`)!;
    expect(pumpPanel.textContent).toContain('Vibration');
    expect(pumpPanel.textContent).toContain('mm/s RMS at the drive end');
    expect(pumpPanel.textContent).toContain('4.75');
    expect(pumpPanel.textContent).toContain('Tina Tester');
    // 08:30 UTC is 02:30 in Chicago (CST, UTC−6), written as spec §9 writes local times.
    expect(pumpPanel.textContent).toContain('2026/11/20 02:30 AM');
    expect(text).not.toContain('Loading the asset');
    // A colour item's options each with its swatch, named colours too (there is no CSS.supports to ask on a server).
    const lamp = [...page.querySelectorAll(`#asset-${controlPanel._id} button`)].filter((button) => ['Green', 'Amber', 'Red'].includes(button.textContent ?? ''));
    expect(lamp.map((button) => [button.textContent, Boolean(button.querySelector('[aria-hidden="true"]'))])).toEqual([['Green', true], ['Amber', true], ['Red', true]]);
    // Nothing in it runs: the fixture's asset message holds a script and an onerror handler.
    expect(html).not.toMatch(/<script|onerror|__pwned/i);
  });

  it("writes a previous value's time in the phone's zone, whatever the server's", async () => {
    const answers = { '/token/init': technician, [GROUP]: skdGroup, [`/asset/${pumpA._id}/previousInspections`]: previousOfPumpA };
    const at = async (timeZone: string) => parsed((await drawScreen({ path: PAGE, answers, drawnFor: { timeZone, userAgent: '' } })).html).querySelector(`#asset-${pumpA._id}`)?.textContent ?? '';
    // Hand-kept: 2026-11-20 08:30 UTC on three phones; Kolkata is UTC+5:30, Honolulu UTC−10 (the day before).
    expect(await at('Asia/Kolkata')).toContain('2026/11/20 02:00 PM');
    expect(await at('Pacific/Honolulu')).toContain('2026/11/19 10:30 PM');
    expect(await at('UTC')).toContain('2026/11/20 08:30 AM');
  });

  it('draws the loading screen when it has no answer for the asset, as the app does while it asks', async () => {
    const { html } = await drawScreen({ path: PAGE, answers: { '/token/init': technician, '/init/applicationInfo': APPLICATION }, drawnFor: PHONE });
    const text = parsed(html).body.textContent ?? '';
    expect(text).toContain('Loading the asset');
    expect(text).not.toContain(pumpA.name);
  });

  it('shows the identification from the link as text, never as markup', async () => {
    const { html } = await drawScreen({ path: '/inspection/asset/identification/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', answers: { '/token/init': technician }, drawnFor: PHONE });
    expect(parsed(html).querySelector('h1')?.textContent).toBe('Asset <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<img');
  });

  it("draws none of the page for a user the page's route refuses (no view-technician)", async () => {
    const engineer = sessionUser(['view-engineer', 'read-asset', 'read-inspection']);
    const { html } = await drawScreen({ path: PAGE, answers: { '/token/init': engineer, [GROUP]: skdGroup }, drawnFor: PHONE });
    expect(html).not.toContain(pumpA.name);
    expect(html).not.toContain('Asset SKD-001');
  });
});
