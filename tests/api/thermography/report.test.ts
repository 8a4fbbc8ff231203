import { eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, userHolding, type Doc } from '../administration/adminApi';
import { pdfJpegImages, pdfTexts } from '../reports/pdfText';
import { pdfPageCount, zipEntries } from '../reports/zipEntries';
import { inspections, thermographyNotes } from '../../../server/db/schema';
import { PLAIN_JPEG, fixtureJpeg, thermographyApi, thermographyState } from './thermographyApi';

/**
 * The thermography report (issue 43 §4, DESIGN §16): GET /api/thermography/report of an
 * inspection, or of a period of an asset or of every asset, as PDF and DOCX.
 *
 * Expected temperatures, °C, of the T420 fixture, from the table tools.test.ts keeps (computed apart
 * from this code base): centre 130.4 as the camera set it, 145.0 at emissivity 0.8; the whole
 * picture at emissivity 0.8: min 34.91, max 209.3. With the ambient at 20.0 the centre spot is
 * 110.4 over it, and the centre at 0.8 is 14.6 over the centre as set (145.0 − 130.4).
 * The T420's raw picture is 640 × 480: painted at that size with the 92-pixel scale band beside it.
 */
const T420 = { width: 640, height: 480, centre: { x: 320, y: 240 } };
const PAINTED_T420 = { width: 640 + 92, height: 480 };

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

const download = (query: string, as = 'thermo.engineer') => t.request({ as, method: 'GET', url: `/api/thermography/report?${query}` });

/**
 * An inspection of three notes and a deleted one: a T420 picture with three tools, two ΔT rows,
 * load and criterion, observations and a recommendation; an AX8 picture; a JPEG without
 * temperatures; the deleted note's text must not show.
 */
async function surveyedInspection(assetIdentification = 'PNL-002') {
  const [feeder, drive, plain, deleted] = await api.notes(
    [
      { imageNumber: '31', identification: 'Feeder lug L2', ambientTemperature: 20, note: 'Breaker Q3 63 A' },
      { imageNumber: '32', identification: 'Drive cabinet', ambientTemperature: 21 },
      { imageNumber: '33', identification: 'Phone snapshot', ambientTemperature: 21 },
      { imageNumber: '34', identification: 'Withdrawn duplicate' },
    ],
    assetIdentification,
  );
  ok(await api.upload(feeder!, fixtureJpeg('flir-t420'), { extract: true }));
  ok(await api.upload(drive!, fixtureJpeg('flir-ax8'), { extract: true }));
  ok(await api.upload(plain!, PLAIN_JPEG, { extract: true }));
  ok(
    await api.put(feeder!, {
      severityLevel: 'B',
      loadPercent: 35,
      criterion: 'nfpa-70b',
      observations: [{ v: 'Hot lug on phase L2' }],
      recommendations: [{ v: 'Retorque the lug at the next shutdown' }],
      tools: [
        { id: 'centre', kind: 'spot', label: 'Sp1', ...T420.centre },
        { id: 'centre08', kind: 'spot', label: 'Sp2', ...T420.centre, emissivity: 0.8 },
        { id: 'whole', kind: 'box', label: 'Bx1', x: 0, y: 0, width: T420.width, height: T420.height, emissivity: 0.8 },
      ],
      deltaTs: [
        { id: 'd1', from: 'centre08', to: 'centre' },
        { id: 'd2', from: 'centre', to: 'ambient' },
      ],
    }),
  );
  ok(await api.put(drive!, { severityLevel: 'D' }));
  ok(await api.status(deleted!, 'deleted', 'thermo.engineer'));
  const note = ok<Doc>(await api.get(feeder!));
  return { inspection: note.inspection as string, asset: note.asset as string, notes: { feeder: feeder!, drive: drive!, plain: plain!, deleted: deleted! } };
}

describe('the report of one inspection', () => {
  it('PDF: cover, findings by severity, then a page per note with its measurements, ΔT, load, criterion, severity and texts', async () => {
    const { inspection } = await surveyedInspection();
    const response = await download(`inspection=${inspection}&reportFormat=pdf&timeZone=UTC`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Thermography report.pdf"');
    const texts = pdfTexts(response.rawPayload);
    // A wrapped cell is a text per line: the lines joined read as the cell.
    const text = texts.join(' ').replace(/\s+/g, ' ');
    // Cover: site, thermographer, cameras; findings by severity.
    for (const expected of ['Thermography report', 'Survey', 'FacilityOps', 'Tara Thermography', 'Findings by severity', 'Findings', 'Prepared for', 'Theo Thermography']) expect(texts).toContain(expected);
    expect(text).toMatch(/FLIR T420/);
    expect(text).toMatch(/FLIR AX8/);
    expect(texts).toContain('3: 0 approved, 3 not yet approved');
    // One page per note after the cover: three notes, never the deleted one.
    for (const title of ['Image 31: Feeder lug L2', 'Image 32: Drive cabinet', 'Image 33: Phone snapshot']) expect(texts).toContain(title);
    expect(text).not.toMatch(/Withdrawn duplicate/);
    expect(pdfPageCount(response.rawPayload)).toBeGreaterThanOrEqual(4);
    // The tools as the server measured them, one decimal.
    for (const expected of ['Sp1 (spot)', 'Sp2 (spot)', 'Bx1 (box)', '130.4', '145.0', '34.9', '209.3']) expect(texts).toContain(expected);
    // ΔT rows: Sp2 over Sp1 and Sp1 over the ambient air.
    expect(texts).toContain('14.6');
    expect(texts).toContain('110.4');
    expect(texts).toContain('Ambient air');
    // What the standards ask recorded, and the rating.
    expect(text).toContain('35 % of rated (under the 40 % NFPA 70B asks)');
    expect(texts).toContain('NFPA 70B');
    expect(text).toMatch(/None: NFPA 70B asks a load of at least 40 %/);
    expect(text).toMatch(/Priority B: Monitor until corrective measures can be taken/);
    expect(text).toMatch(/Priority D: Warrants investigation/);
    expect(texts).toContain('• Hot lug on phase L2');
    expect(texts).toContain('• Retorque the lug at the next shutdown');
    expect(text).toContain('Breaker Q3 63 A');
    // The JPEG without temperatures is shown as saved, and says so.
    expect(text).toMatch(/Thermal image as the camera saved it \(no temperatures in the file\)/);
  });

  it('the T420 picture is painted from its raw data with its tools drawn and the scale beside it; the visible picture is beside it', async () => {
    const { inspection, notes } = await surveyedInspection();
    const withTools = pdfJpegImages((await download(`inspection=${inspection}&reportFormat=pdf`)).rawPayload);
    const painted = withTools.find((image) => image.width === PAINTED_T420.width && image.height === PAINTED_T420.height);
    expect(painted, JSON.stringify(withTools.map(({ width, height }) => ({ width, height })))).toBeDefined();
    // The T420 embeds a 2048 × 1536 visible picture; the AX8 one of 640 × 480.
    expect(withTools.some((image) => image.width === 2048 && image.height === 1536)).toBe(true);

    const pixel = async (jpeg: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    // On the centre spot's crosshair, six pixels right of its centre: the tool's white line.
    const onCrosshair = await pixel(painted!.data, T420.centre.x + 6, T420.centre.y);
    expect(Math.min(...onCrosshair), `crosshair ${onCrosshair}`).toBeGreaterThan(200);

    // Without tools the same pixel is the iron palette's colour of ~130 °C in 33–188 °C: orange, little blue.
    ok(await api.put(notes.feeder, { tools: [], deltaTs: [] }));
    const plain = pdfJpegImages((await download(`inspection=${inspection}&reportFormat=pdf`)).rawPayload).find((image) => image.width === PAINTED_T420.width)!;
    const unmarked = await pixel(plain.data, T420.centre.x + 6, T420.centre.y);
    expect(unmarked[0], `unmarked ${unmarked}`).toBeGreaterThan(180);
    expect(unmarked[2], `unmarked ${unmarked}`).toBeLessThan(120);

    // The scale: white band, hot (bright) at the top of the strip, cold (dark) at its bottom.
    const band = await pixel(plain.data, T420.width + 6, T420.height / 2);
    expect(Math.min(...band)).toBeGreaterThan(240);
    const brightness = (rgb: number[]) => rgb[0]! + rgb[1]! + rgb[2]!;
    const top = await pixel(plain.data, T420.width + 46, 40);
    const bottom = await pixel(plain.data, T420.width + 46, T420.height - 40);
    expect(brightness(top)).toBeGreaterThan(600);
    expect(brightness(bottom)).toBeLessThan(120);
  });

  it('DOCX: the same sections, the painted and visible pictures side by side, a heading per note', async () => {
    const { inspection } = await surveyedInspection();
    const response = await download(`inspection=${inspection}&reportFormat=doc&timeZone=Europe/Berlin`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Thermography report.docx"');
    const entries = zipEntries(response.rawPayload);
    const document = entries.get('word/document.xml')!.toString('utf8');
    for (const expected of ['Findings by severity', 'Image 31: Feeder lug L2', 'Image 32: Drive cabinet', 'Sp2 (spot)', '145.0', '14.6', '35 % of rated (under the 40 % NFPA 70B asks)', '• Hot lug on phase L2', 'Times are in the Europe/Berlin time zone.']) {
      expect(document).toContain(expected);
    }
    expect(document).not.toContain('Withdrawn duplicate');
    // Each note starts a page; pictures sit side by side in a table's cells.
    expect((document.match(/<w:pageBreakBefore\/>/g) ?? []).length).toBe(3);
    const media = [...entries.keys()].filter((name) => name.startsWith('word/media/') && !name.endsWith('/'));
    const sizes = await Promise.all(media.map(async (name) => sharp(entries.get(name)!).metadata()));
    expect(sizes.some((size) => size.width === PAINTED_T420.width && size.height === PAINTED_T420.height)).toBe(true);
    expect(sizes.some((size) => size.width === 2048 && size.height === 1536)).toBe(true);
  });
});

describe('line profiles', () => {
  it("a note's page charts the profile of its first three lines; a fourth line's values stay in the table", async () => {
    const [id] = await api.notes([{ imageNumber: '41', identification: 'Busbar run', ambientTemperature: 20 }]);
    ok(await api.upload(id!, fixtureJpeg('flir-t420'), { extract: true }));
    const line = (n: number) => ({ id: `l${n}`, kind: 'line', label: `Li${n}`, x1: 0, y1: 100 + 50 * n, x2: T420.width - 1, y2: 100 + 50 * n });
    ok(await api.put(id!, { tools: [line(1), line(2), line(3), line(4)] }));
    const note = ok<Doc>(await api.get(id!));
    const texts = pdfTexts((await download(`inspection=${note.inspection}&reportFormat=pdf`)).rawPayload);
    for (const n of [1, 2, 3]) expect(texts).toContain(`Li${n}: temperature profile`);
    expect(texts).not.toContain('Li4: temperature profile');
    expect(texts).toContain('Li4 (line)');
  });
});

describe('the report of a period', () => {
  /** Moves an inspection and its notes to `at`, as if surveyed then. */
  async function surveyedAt(at: number, assetIdentification?: string) {
    const survey = await surveyedInspection(assetIdentification);
    const { db } = t.app.services;
    await db.update(inspections).set({ timestamp: at }).where(eq(inspections._id, survey.inspection));
    await db.update(thermographyNotes).set({ timestamp: at }).where(inspArray(survey.inspection));
    return survey;
  }
  const inspArray = (id: string) => inArray(thermographyNotes.inspection, [id]);
  /** Each note's page starts with its title and the line under it: asset · time · severity · status. */
  const noteLinesOf = (pdf: Buffer) => pdfTexts(pdf).filter((text) => / · \d{4}\/\d\d\/\d\d \d\d:\d\d [AP]M · (Priority [A-D]|Not rated) · /.test(text));

  it("an asset's period holds its notes of those days only; every asset's period holds each asset's", async () => {
    const march = Date.UTC(2019, 2, 10, 9);
    const april = Date.UTC(2019, 3, 10, 9);
    const panel = await surveyedAt(march);
    await surveyedAt(april);
    const other = await surveyedAt(march, 'SKD-001');

    const marchOnly = `from=${Date.UTC(2019, 2, 1)}&to=${Date.UTC(2019, 2, 31)}`;
    const assetMarch = await download(`asset=${panel.asset}&${marchOnly}&reportFormat=pdf&timeZone=UTC`);
    expect(assetMarch.statusCode, assetMarch.body).toBe(200);
    expect(noteLinesOf(assetMarch.rawPayload)).toEqual([
      'Lighting panel L2 · PNL-002 · 2019/03/10 09:00 AM · Priority B · Draft',
      'Lighting panel L2 · PNL-002 · 2019/03/10 09:00 AM · Priority D · Draft',
      'Lighting panel L2 · PNL-002 · 2019/03/10 09:00 AM · Not rated · Draft',
    ]);
    const texts = pdfTexts(assetMarch.rawPayload);
    expect(texts).toContain('2019/03/01 12:00 AM');
    expect(texts).toContain('2019/03/31 12:00 AM');

    const siteMarch = pdfTexts((await download(`${marchOnly}&reportFormat=pdf&timeZone=UTC`)).rawPayload);
    const siteLines = (await download(`${marchOnly}&reportFormat=pdf&timeZone=UTC`)).rawPayload;
    expect(noteLinesOf(siteLines)).toHaveLength(6);
    const otherAsset = ok<Doc>(await t.request({ as: 'admin', method: 'GET', url: `/api/asset/${other.asset}` }));
    expect(siteMarch.join('\n')).toContain(String(otherAsset.name));

    const assetBoth = await download(`asset=${panel.asset}&from=${Date.UTC(2019, 2, 1)}&to=${Date.UTC(2019, 3, 30)}&reportFormat=pdf`);
    expect(noteLinesOf(assetBoth.rawPayload).filter((line) => line.includes('2019/04/10 09:00 AM'))).toHaveLength(3);
    expect(noteLinesOf(assetBoth.rawPayload)).toHaveLength(6);

    const empty = pdfTexts((await download(`asset=${panel.asset}&from=${Date.UTC(2018, 0, 1)}&to=${Date.UTC(2018, 0, 2)}&reportFormat=pdf`)).rawPayload);
    expect(empty).toContain('No thermography notes were recorded in this period.');
  });
});

describe('refusals', () => {
  it('bad parameters are a 400 naming the field; unknown inspections and assets are 404; nothing changes', async () => {
    const { inspection, asset } = await surveyedInspection();
    const before = await thermographyState(t);
    expectError(await download(`inspection=${inspection}`), 400, 'reportFormat');
    expectError(await download(`inspection=${inspection}&reportFormat=xls`), 400, 'reportFormat');
    expectError(await download(`inspection=${inspection}&reportFormat=pdf&timeZone=Mars/Olympus`), 400, 'timeZone');
    expectError(await download(`inspection=${inspection}&asset=${asset}&reportFormat=pdf`), 400, 'asset');
    expectError(await download(`inspection=${inspection}&from=0&reportFormat=pdf`), 400, 'from');
    expectError(await download(`asset=${asset}&from=yesterday&reportFormat=pdf`), 400, 'from');
    expectError(await download(`from=${Date.UTC(2020, 1, 1)}&to=${Date.UTC(2020, 0, 1)}&reportFormat=pdf`), 400, 'to');
    expectError(await download(`inspection=no-such-inspection&reportFormat=pdf`), 404);
    expectError(await download(`asset=no-such-asset&reportFormat=pdf`), 404);
    expect(await thermographyState(t)).toEqual(before);
  });

  it('a maintenance inspection is no thermography inspection: 404', async () => {
    // The demo history holds maintenance inspections (no type).
    const [maintenance] = await t.app.services.db.select({ _id: inspections._id }).from(inspections).where(isNull(inspections.type)).limit(1);
    expect(maintenance).toBeDefined();
    expectError(await download(`inspection=${maintenance!._id}&reportFormat=pdf`), 404);
  });

  it('more notes than a report holds is a 400 naming the scope, asked before anything is drawn', async () => {
    // REPORT_MAX_NOTES is 100 (docs/thermography.md): 101 notes in one inspection.
    const ids = await api.notes(Array.from({ length: 101 }, (_, i) => ({ imageNumber: String(i + 1), identification: `Breaker ${i + 1}` })));
    const note = ok<Doc>(await api.get(ids[0]!));
    const refused = expectError(await download(`inspection=${note.inspection}&reportFormat=pdf`), 400, 'inspection');
    expect(refused.message).toMatch(/at most 100 notes/);
  });

  it('only readers of thermography notes get the report', async () => {
    const { inspection } = await surveyedInspection();
    expectError(await download(`inspection=${inspection}&reportFormat=pdf`, 'technician'), 403);
    expect((await download(`inspection=${inspection}&reportFormat=pdf`, 'thermo.tech')).statusCode).toBe(200);
  });
});

describe('thermography pictures in a report script', () => {
  it("a script's section shows a note's painted picture to a reader of notes; to anyone else the script's image is a 422 naming it", async () => {
    const { notes } = await surveyedInspection();
    const admin = adminApi(t);
    const script = await admin.create('script', {
        name: `Note picture ${Date.now()}`,
        code: `return { title: 'One finding', sections: [{ title: 'Feeder', newPage: true, blocks: [
          { heading: 'Pictures' },
          { images: [{ thermographyNote: '${notes.feeder}', picture: 'thermal', caption: 'Thermal' }, { thermographyNote: '${notes.feeder}', picture: 'real' }] },
          { table: { columns: ['Tool', 'Max'], rows: [['Sp1', 130.4]] } },
          { paragraph: 'Checked.' },
        ] }] };`,
    });
    const report = await admin.create('report', { name: `Finding ${Date.now()}`, formats: ['pdf', 'doc', 'xls'], script: script._id });
    const asAdmin = await t.request({ as: 'admin', method: 'GET', url: `/api/report/${report._id}/download?reportFormat=pdf` });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(pdfJpegImages(asAdmin.rawPayload).some((image) => image.width === PAINTED_T420.width)).toBe(true);
    expect(pdfTexts(asAdmin.rawPayload)).toEqual(expect.arrayContaining(['Feeder', 'Pictures', 'Checked.', 'Thermal']));
    const xlsx = await t.request({ as: 'admin', method: 'GET', url: `/api/report/${report._id}/download?reportFormat=xls` });
    expect(xlsx.statusCode, xlsx.body).toBe(200);

    // A reader of reports who may not read thermography notes.
    const token = await userHolding(t, `reports.only.${Date.now()}`, ['read-report']);
    const refused = expectError(await t.request({ method: 'GET', url: `/api/report/${report._id}/download?reportFormat=pdf`, headers: { 'x-auth': token } }), 422);
    expect(refused.message).toContain(`sections[0].blocks[1].images[0].thermographyNote: no thermography note ${notes.feeder} that you may read`);
    // Nor a deleted note, to anyone.
    ok(await api.status(notes.feeder, 'deleted', 'thermo.engineer'));
    expectError(await t.request({ as: 'admin', method: 'GET', url: `/api/report/${report._id}/download?reportFormat=pdf` }), 422);
  });
});
