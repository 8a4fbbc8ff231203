import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTimestamp } from '../../../../common/formatTime';
import { dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

const INSPECTED_AT = new Date(2026, 0, 10, 9, 0).getTime();
const NOTE_READER = ['view-engineer', 'read-table', 'read-asset', 'read-inspection', 'read-thermography-note'];
const REPORT_PATH = '/api/thermography/report';
type Answers = Parameters<typeof mockApi>[0];

const pdfFile = (filename: string) =>
  new Response('%PDF-1.3', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` } });

const thermographyInspection = {
  _id: 'i7', timestamp: INSPECTED_AT, user: 'u1', checklist: null, asset: 'r1', type: 'ThermographyInspection', attributeData: [], attributeComments: [],
  records: [{ _id: 'n1', imageNumber: '1', identification: 'Q1 incomer', note: '', severityLevel: 'B', status: 'approved', thermalImage: null, realImage: null, ambientTemperature: 21, measurements: [], observations: [] }],
  assetName: 'MSB-1', checklistName: null, userName: 'Theo Thermo',
};

/** What the browser was handed to save: jsdom has no downloads, so the link's click is recorded. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  // jsdom has no object URLs; the download only needs one to hand to the link.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
  // The zone this device shows times in, as Chromium's Temporal tells it.
  vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Kolkata' } });
});

/** An asset's detail opened on its thermography view, for a user with these permissions. */
async function openAssetView(permissions: string[], answers: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'Assets', type: 'asset', default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, { name: 'Assets', keyField: '_id', type: 'asset', fields: [{ heading: 'Name', dataField: 'name' }], filters: [], data: [{ _id: 'r1', name: 'Main switchboard' }], setSupportRowExpand: true }),
    'GET /api/asset/r1': () => jsonResponse(200, { _id: 'r1', name: 'Main switchboard', identification: 'MSB-1', tags: [], checklists: [], checklistOptions: [], message: '', staticAttributes: [] }),
    'GET /api/inspection': () => jsonResponse(200, [thermographyInspection]),
    'GET /api/asset/r1/thermographyTrend': () => jsonResponse(200, []),
    'GET /api/thermography/config': () => jsonResponse(200, { infoUrl: '/api/thermography/info.pdf', severityLevels: { A: null, B: null, C: null, D: null } }),
    ...answers,
  });
  renderApp('/home/asset/table/t1');
  const user = userEvent.setup();
  const row = (await screen.findByText('Main switchboard')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  await screen.findByText('image 1 of 1');
  return { api, user };
}

/** The thermography table page for a user with these permissions. */
async function openNotesPage(permissions: string[], answers: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, []),
    ...answers,
  });
  renderApp('/home/thermographyNote/table');
  await screen.findByText('No tables are available to your role.');
  return { api, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Thermography report' }));
  return screen.findByRole('dialog', { name: 'Thermography report' });
}

/** The one report call's query. */
function reportQuery(calls: ApiCall[]): URLSearchParams {
  expect(calls).toHaveLength(1);
  return new URLSearchParams(calls[0]!.search);
}

/** Local midnight of a YYYY-MM-DD day, and the last millisecond before the next day's. */
function localDay(text: string): { start: number; end: number } {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { start: new Date(year, month - 1, day).getTime(), end: new Date(year, month - 1, day + 1).getTime() - 1 };
}

describe('thermography report dialog', () => {
  it('"This inspection" as PDF asks for that inspection alone, with the token and the device\'s zone, and saves the file under the server\'s name', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api, user } = await openAssetView(NOTE_READER, { 'GET /api/thermography/report': () => new Promise<Response>((resolve) => (answer = resolve)) });
    // The view's own: the asset table page around it offers none.
    expect(screen.getAllByRole('button', { name: 'Thermography report' })).toHaveLength(1);
    const dialog = await openDialog(user);

    const inspection = within(dialog).getByRole('radio', { name: `This inspection (${formatTimestamp(INSPECTED_AT)})` });
    expect(inspection).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'This asset over a period' })).not.toBeChecked();
    expect(within(dialog).queryByRole('radio', { name: 'All assets over a period' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'From' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'PDF' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('button', { name: 'Preparing…' })).toBeDisabled();
    answer(pdfFile('Thermography report MSB-1.pdf'));

    expect(await screen.findByText('Report downloaded: Thermography report MSB-1.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thermography report' })).toBeNull());
    expect(saved).toEqual(['Thermography report MSB-1.pdf']);
    const calls = api.callsTo('GET', REPORT_PATH);
    expect(Object.fromEntries(reportQuery(calls))).toEqual({ inspection: 'i7', reportFormat: 'pdf', timeZone: 'Asia/Kolkata' });
    expect(calls[0]!.headers.get('x-auth')).toBe('stored-jwt');
  });

  it('"This asset over a period" offers the last twelve months and asks from the local start of From to the end of To', async () => {
    const { api, user } = await openAssetView(NOTE_READER, { 'GET /api/thermography/report': () => pdfFile('Thermography report.pdf') });
    // Only the clock is fixed: the app's own timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 15, 10, 30));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'This asset over a period' }));
    expect(dateFieldValue(dateField('From', dialog))).toBe('2025-03-15');
    expect(dateFieldValue(dateField('To', dialog))).toBe('2026-03-15');

    await typeDate(dateField('From', dialog), '2025-02-01');
    await typeDate(dateField('To', dialog), '2025-06-30');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual(['Thermography report.pdf']));
    const query = reportQuery(api.callsTo('GET', REPORT_PATH));
    expect(Object.fromEntries(query)).toEqual({
      asset: 'r1',
      from: String(localDay('2025-02-01').start),
      to: String(localDay('2025-06-30').end),
      reportFormat: 'pdf',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('Word (DOCX) asks for reportFormat=doc', async () => {
    const { api, user } = await openAssetView(NOTE_READER, {
      'GET /api/thermography/report': () => new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment; filename="Thermography report.docx"' } }),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Word (DOCX)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual(['Thermography report.docx']));
    expect(reportQuery(api.callsTo('GET', REPORT_PATH)).get('reportFormat')).toBe('doc');
  });

  it('From after To is told under the period and Download waits until it is put right', async () => {
    const { api, user } = await openAssetView(NOTE_READER);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'This asset over a period' }));
    await typeDate(dateField('From', dialog), '2025-07-01');
    await typeDate(dateField('To', dialog), '2025-06-30');

    expect(within(dialog).getByText('From is after To')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();
    await typeDate(dateField('To', dialog), '2025-07-01');
    expect(within(dialog).queryByText('From is after To')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(api.callsTo('GET', REPORT_PATH)).toEqual([]);
  });

  it("a refusal shows the server's message and keeps the dialog open", async () => {
    const { user } = await openAssetView(NOTE_READER, { 'GET /api/thermography/report': () => jsonResponse(400, { message: 'asset: no such asset' }) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'This asset over a period' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('asset: no such asset')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Thermography report' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('a 403 is told in the dialog: the user stays on the page, not sent to Login', async () => {
    const { user } = await openAssetView(NOTE_READER, { 'GET /api/thermography/report': () => jsonResponse(403, { message: 'Missing permission read-thermography-note' }) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Missing permission read-thermography-note')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home/asset/table/t1');
    expect(screen.getByRole('dialog', { name: 'Thermography report' })).toBeInTheDocument();
  });

  it("is not on an asset's thermography view without read-thermography-note", async () => {
    await openAssetView(NOTE_READER.filter((permission) => permission !== 'read-thermography-note'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thermography report' })).toBeNull();
  });

  it('on the thermography table page, with read-thermography-note only, it covers all assets over a period', async () => {
    const { api, user } = await openNotesPage(['view-engineer', 'read-table', 'read-thermography-note'], { 'GET /api/thermography/report': () => pdfFile('Thermography report.pdf') });
    const dialog = await openDialog(user);
    const covers = within(dialog).getByRole('radiogroup', { name: 'Covers' });
    expect(within(covers).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['All assets over a period']);
    expect(within(dialog).getByRole('radio', { name: 'All assets over a period' })).toBeChecked();
    await typeDate(dateField('From', dialog), '2025-01-01');
    await typeDate(dateField('To', dialog), '2025-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual(['Thermography report.pdf']));
    const query = reportQuery(api.callsTo('GET', REPORT_PATH));
    expect(Object.fromEntries(query)).toEqual({ from: String(localDay('2025-01-01').start), to: String(localDay('2025-12-31').end), reportFormat: 'pdf', timeZone: 'Asia/Kolkata' });
  });

  it("fills a phone's screen (390 px wide)", async () => {
    // jsdom lays nothing out: the width media queries are answered as a 390 px screen would.
    vi.stubGlobal('matchMedia', (query: string) => {
      const width = (pattern: RegExp) => Number(pattern.exec(query)?.[1] ?? Number.NaN);
      const max = width(/max-width:\s*([\d.]+)px/);
      const min = width(/min-width:\s*([\d.]+)px/);
      const matches = (Number.isNaN(max) || 390 <= max) && (Number.isNaN(min) || 390 >= min) && !(Number.isNaN(max) && Number.isNaN(min));
      return { matches, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
    });
    const { user } = await openNotesPage(['view-engineer', 'read-table', 'read-thermography-note']);
    const dialog = await openDialog(user);
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
  });

  it('is not on the thermography table page without read-thermography-note', async () => {
    await openNotesPage(['view-engineer', 'read-table']);
    expect(screen.getByRole('heading', { name: 'Thermography' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thermography report' })).toBeNull();
  });
});
