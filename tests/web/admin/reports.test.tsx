import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';
import { filenameFromDisposition } from '../../../src/admin/reports/downloadReport';

const scripts = [
  { _id: 's1', name: 'Inspection summary script' },
  { _id: 's2', name: 'Alerts script' },
];
const reports = [
  { _id: 'r2', name: 'Open alerts by asset', formats: ['pdf', 'doc'], script: 's2' },
  { _id: 'r1', name: 'Inspection summary', formats: ['pdf', 'xls', 'doc'], script: 's1' },
];
const summary = { ...reports[1], createdAt: 1, updatedAt: 2 };

function open(answers = {}) {
  return openAdminScreen('/home/reportManagement', ['manage-report'], {
    'GET /api/report': () => jsonResponse(200, reports),
    'GET /api/script': serverList('script', scripts),
    'GET /api/report/r1': () => jsonResponse(200, summary),
    'GET /api/report/r1/history': () => jsonResponse(200, []),
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('Report management (spec §2.9: Report, Formats, Script, Actions; New Report)', () => {
  it('lists Report, Formats and Script by name, sorted by name', async () => {
    const api = open();
    await rowOf('Inspection summary');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Report', 'Formats', 'Script', 'Actions']) expect(headers.some((h) => h?.includes(label))).toBe(true);
    const cells = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Inspection summary', 'PDF, XLS, DOC', 'Inspection summary script'],
      ['Open alerts by asset', 'PDF, DOC', 'Alerts script'],
    ]);
    expect(api.callsTo('GET', '/api/report')[0]?.search).toBe(`?fields=${encodeURIComponent('name,formats,script')}`);
  });

  it("creates from the New Report prompt with 'Report created', or says 'Report creation failed'", async () => {
    let refuse = false;
    const api = open({
      'POST /api/report': (call: ApiCall) =>
        refuse ? errorResponse(409, 'Report with the name "x" already exists') : jsonResponse(200, { _id: 'r3', formats: ['pdf', 'xls', 'doc'], script: null, ...(call.body as object) }),
    });
    await rowOf('Inspection summary');
    await userEvent.click(screen.getByRole('button', { name: 'New Report' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Monthly');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Report created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/report').map((c) => c.body)).toEqual([{ name: 'Monthly' }]);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'New Report' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Report creation failed')).toBeInTheDocument();
  });

  it("edits formats and script (picked by name) inline: 'Report updated', then 'Report updating failed'", async () => {
    let refuse = false;
    const api = open({
      'PUT /api/report/r1': (call: ApiCall) => (refuse ? errorResponse(400, 'script: unknown script') : jsonResponse(200, { ...summary, ...(call.body as object), updatedAt: 3 })),
    });
    await userEvent.click(within(await rowOf('Inspection summary')).getByRole('button', { name: 'Expand' }));
    const toggleFormat = async (format: string) => {
      await userEvent.click(await screen.findByRole('combobox', { name: /^Formats/ }));
      await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: format }));
      await userEvent.keyboard('{Escape}');
    };
    const script = await screen.findByRole('combobox', { name: 'Script' });
    await waitFor(() => expect(script).toHaveValue('Inspection summary script'));
    await toggleFormat('XLS');
    await userEvent.clear(script);
    await userEvent.type(script, 'alerts');
    await userEvent.click(await screen.findByRole('option', { name: 'Alerts script' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/report/r1')[0]?.body).toEqual({ name: 'Inspection summary', formats: ['pdf', 'doc'], script: 's2' });

    refuse = true;
    await toggleFormat('XLS');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report updating failed')).toBeInTheDocument();
  });

  it("deletes with 'Report deleted', or says 'Report deletion failed'", async () => {
    open({
      'DELETE /api/report/r1': () => errorResponse(500, 'Internal server error'),
      'DELETE /api/report/r2': () => jsonResponse(200, { _id: 'r2' }),
    });
    await userEvent.click(within(await rowOf('Inspection summary')).getByRole('button', { name: 'Delete Inspection summary' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const failure = await screen.findByRole('dialog', { name: 'Report deletion failed' });
    await userEvent.click(within(failure).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await rowOf('Open alerts by asset')).getByRole('button', { name: 'Delete Open alerts by asset' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report deleted')).toBeInTheDocument();
  });

  it('downloads a format from the expanded row as a blob named by content-disposition (spec §7), its times in the device\'s zone (issue 40 §8)', async () => {
    // The zone this device shows times in, as Chromium's Temporal tells it.
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Asia/Kolkata' } });
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    // jsdom has no object URLs; the download only needs one to hand to the link.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const api = open({
      'GET /api/report/r1/download': () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="Pr_fbericht.pdf"; filename*=UTF-8''Pr%C3%BCfbericht.pdf` },
        }),
    });
    await userEvent.click(within(await rowOf('Inspection summary')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(await screen.findByRole('button', { name: 'PDF' }));
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:report', download: 'Prüfbericht.pdf' }]));
    const call = api.callsTo('GET', '/api/report/r1/download')[0];
    expect(call?.search).toBe('?reportFormat=pdf&timeZone=Asia%2FKolkata');
    expect(call?.headers.get('x-auth')).toBe('stored-jwt');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'XLS' })).toBeEnabled();
  });

  it("shows the server's message when a download fails", async () => {
    open({ 'GET /api/report/r1/download': () => errorResponse(422, 'Error: no data (line 2)') });
    await userEvent.click(within(await rowOf('Inspection summary')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(await screen.findByRole('button', { name: 'DOC' }));
    expect(await screen.findByText('Error: no data (line 2)')).toBeInTheDocument();
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename*, falls back to filename, answers null without one', () => {
    expect(filenameFromDisposition(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%C3%9Fb.pdf`)).toBe('aßb.pdf');
    expect(filenameFromDisposition('attachment; filename="Report 1.xlsx"')).toBe('Report 1.xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.docx')).toBe('plain.docx');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
