import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InventoryIcon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sparePartSchema } from '../../../common/resources/sparePart';
import { declareResource } from '../../../src/admin/mechanism/declareResource';
import type { ResourceDefinition } from '../../../src/admin/mechanism/ResourceDefinition';
import { sparePartResource } from '../../../src/admin/spareParts';
import { renderResourceScreen, rowWith } from '../helpers/describeResourceScreen';
import { jsonResponse, mockApi, type ApiCall } from '../helpers/mockApi';
import { serverList } from '../helpers/serverList';

/*
 * The spare part's photo and datasheet (common/resources/sparePart.ts: field.photo('Photo'),
 * field.file('Datasheet', { accept: ['pdf'] })) on its screen. The upload contract (POST
 * /api/file?for=<entity>.<field>, multipart part `file`, 5 MB) is the server's; every expected
 * value below is written from it, not read from the inputs.
 */
type Answers = Parameters<typeof mockApi>[0];

const SHEET = { _id: 'f-sheet', name: 'seal-kit.pdf', contentType: 'application/pdf', size: 2048 };
const PHOTO = { _id: 'f-photo', name: 'seal.jpg', contentType: 'image/jpeg', size: 90_000 };
const part = (fields: Record<string, unknown>) => ({ vendor: null, assets: [], quantityOnHand: null, reorderLevel: null, unitCost: null, criticality: '', location: '', notes: '', photo: null, datasheet: null, ...fields });
const SEAL = part({ _id: 'p1', partNumber: 'NPS-MS-35', name: 'Mechanical seal 35 mm' });
const FIVE_MB = 5 * 1024 * 1024;
/** The server's small WebP copy of the photo (GET /api/file/:id/thumbnail), which lists and inputs show. */
const THUMBNAIL: Answers = { 'GET /api/file/f-photo/thumbnail': () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { status: 200, headers: { 'content-type': 'image/webp' } }) };

/** The spare parts API in memory (PUT keeps what it is sent, answering the saved record), and `more` answers. */
function serveParts(rows: Record<string, unknown>[], more: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  let parts = rows;
  const saved: Record<string, unknown>[] = [];
  const api = mockApi({
    'GET /api/sparePart': () => jsonResponse(200, parts),
    'GET /api/sparePart/p1': () => jsonResponse(200, parts.find((one) => one._id === 'p1')),
    'GET /api/sparePart/p1/history': () => jsonResponse(200, []),
    'PUT /api/sparePart/p1': (call) => {
      const body = call.body as Record<string, unknown>;
      saved.push(body);
      const record = { ...body, _id: 'p1' };
      parts = parts.map((one) => (one._id === 'p1' ? record : one));
      return jsonResponse(200, record);
    },
    'GET /api/vendor': serverList('vendor', []),
    'GET /api/asset': serverList('asset', []),
    'GET /api/config/choices/choices.sparePart.criticality': () => jsonResponse(200, ['low', 'medium', 'high']),
    ...more,
  });
  return { api, saved };
}

/** The raw requests fetch was given (mockApi keeps only JSON bodies): the multipart form of an upload. */
const uploadsSent = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/file')
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), init: init as RequestInit }));

async function openEditor(rows: Record<string, unknown>[], upload?: (call: ApiCall) => Response | Promise<Response>, more: Answers = {}) {
  const served = serveParts(rows, { ...THUMBNAIL, ...(upload ? { 'POST /api/file': upload } : {}), ...more });
  renderResourceScreen(sparePartResource as ResourceDefinition<RaRecord>);
  await userEvent.click(within(await rowWith('NPS-MS-35')).getByRole('button', { name: 'Expand' }));
  const field = async (label: 'Photo' | 'Datasheet') => screen.findByRole('group', { name: label });
  return { ...served, field };
}

const pdf = (name: string, bytes: number | string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('file and photo fields of a declared resource', () => {
  it('uploads a chosen PDF for the datasheet as multipart to /api/file?for=sparePart.datasheet, and saves the answer as its value', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { saved, field } = await openEditor([SEAL], () => new Promise<Response>((resolve) => (answer = resolve)));
    const datasheet = await field('Datasheet');
    const chosen = pdf('seal-kit.pdf', '%PDF-1.7 seal kit');
    await userEvent.upload(within(datasheet).getByLabelText('Choose file'), chosen);

    // While it goes up: the button waits and says so.
    expect(await within(datasheet).findByRole('status')).toHaveTextContent('Uploading…');
    expect(within(datasheet).getByRole('button', { name: 'Choose file' })).toBeDisabled();
    answer(jsonResponse(200, SHEET));
    expect(await within(datasheet).findByText('seal-kit.pdf')).toBeInTheDocument();
    expect(within(datasheet).getByRole('button', { name: 'Download seal-kit.pdf' })).toBeInTheDocument();
    expect(within(datasheet).getByRole('button', { name: 'Choose file' })).toBeEnabled();
    expect(within(datasheet).queryByRole('status')).toBeNull();

    const [upload, ...more] = uploadsSent();
    expect(more).toEqual([]);
    expect(upload?.init.method).toBe('POST');
    expect(upload?.url.searchParams.get('for')).toBe('sparePart.datasheet');
    expect(new Headers(upload?.init.headers).get('x-auth')).toBe('stored-jwt');
    const form = upload?.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['file']);
    // A PDF goes as chosen: not scaled, not renamed.
    const sent = form.get('file') as File;
    expect(sent.name).toBe('seal-kit.pdf');
    expect(await sent.text()).toBe('%PDF-1.7 seal kit');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Spare part updated')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.datasheet).toEqual(SHEET);
    expect(saved[0]?.photo).toBeNull();
  }, 60_000);

  it("shows the server's refusal under the field, and keeps the file it held", async () => {
    const refusal = 'file must be a PDF document';
    const { saved, field } = await openEditor([{ ...SEAL, datasheet: SHEET }], () => jsonResponse(415, { message: refusal, errors: { file: refusal } }));
    const datasheet = await field('Datasheet');
    await userEvent.upload(within(datasheet).getByLabelText('Choose file'), pdf('notes.pdf', 'plain words'));

    const message = await within(datasheet).findByText(refusal);
    expect(message).toHaveClass('MuiFormHelperText-root', 'Mui-error');
    expect(uploadsSent()).toHaveLength(1);
    expect(within(datasheet).getByText('seal-kit.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.datasheet).toEqual(SHEET);
  }, 60_000);

  it('refuses a file over 5 MB in the browser, naming the field, and sends nothing', async () => {
    // No POST /api/file is answered: any upload would fail the test (tests/web/setup.ts).
    const { api, field } = await openEditor([SEAL]);
    const datasheet = await field('Datasheet');
    await userEvent.upload(within(datasheet).getByLabelText('Choose file'), pdf('scan.pdf', FIVE_MB + 1));

    expect(await within(datasheet).findByText('Datasheet is too large: at most 5 MB')).toHaveClass('Mui-error');
    expect(api.callsTo('POST', '/api/file')).toEqual([]);
    expect(uploadsSent()).toEqual([]);
  }, 60_000);

  it('Remove empties the field: the record is saved with null', async () => {
    const { saved, field } = await openEditor([{ ...SEAL, photo: PHOTO, datasheet: SHEET }]);
    // A held photo shows as its thumbnail and name, a document as its name and download.
    const photo = await field('Photo');
    expect(await within(photo).findByRole('img', { name: 'seal.jpg' })).toBeInTheDocument();
    expect(within(photo).getByText('seal.jpg')).toBeInTheDocument();
    const datasheet = await field('Datasheet');
    expect(within(datasheet).queryByRole('img')).toBeNull();
    expect(within(datasheet).getByRole('button', { name: 'Download seal-kit.pdf' })).toBeInTheDocument();
    await userEvent.click(within(datasheet).getByRole('button', { name: 'Remove' }));
    expect(within(datasheet).queryByText('seal-kit.pdf')).toBeNull();
    expect(within(datasheet).queryByRole('button', { name: 'Remove' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.datasheet).toBeNull();
    expect(saved[0]?.photo).toEqual(PHOTO);
  }, 60_000);

  it("names a changed file by its name in the record's history, not as its stored object", async () => {
    const at = Date.UTC(2026, 2, 10, 9, 0);
    await openEditor([SEAL], undefined, {
      'GET /api/sparePart/p1/history': () =>
        jsonResponse(200, [{ _id: 'h1', entity: 'sparePart', recordId: 'p1', action: 'update', userId: 'u1', userName: 'Ann Admin', at, changes: [{ field: 'photo', from: null, to: PHOTO }, { field: 'datasheet', from: SHEET, to: null }] }]),
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('photo: ∅ → seal.jpg')).toBeInTheDocument();
    expect(within(history).getByText('datasheet: seal-kit.pdf → ∅')).toBeInTheDocument();
  }, 60_000);

  it("shows the schema's message in the field, as the other inputs do", async () => {
    // A bare id, not the object the field holds: the schema (common/fields/file.ts) refuses it in the field's label.
    const { saved, field } = await openEditor([{ ...SEAL, datasheet: 'f-sheet' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(await field('Datasheet')).findByText('Datasheet must name an uploaded file')).toHaveClass('Mui-error');
    expect(saved).toEqual([]);
  }, 60_000);

  it("lets the photo's picker take pictures only and the datasheet's PDFs only, neither forcing the camera", async () => {
    const { field } = await openEditor([SEAL]);
    const photo = within(await field('Photo')).getByLabelText('Choose photo');
    expect(photo).toHaveAttribute('type', 'file');
    expect(photo).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(photo).not.toHaveAttribute('capture');
    const datasheet = within(await field('Datasheet')).getByLabelText('Choose file');
    expect(datasheet).toHaveAttribute('type', 'file');
    expect(datasheet).toHaveAttribute('accept', 'application/pdf');
    expect(datasheet).not.toHaveAttribute('capture');
  }, 60_000);
});

describe('file and photo columns', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

  /** jsdom has no object URLs: these are named by the type of what was fetched, so a test sees which bytes an <img> shows. */
  function objectUrls() {
    Object.assign(URL, { createObjectURL: (object: Blob) => `blob:${object.type}`, revokeObjectURL: () => undefined });
  }

  it("shows a part's photo as a thumbnail from the server's small copy, opening the viewer", async () => {
    objectUrls();
    const { api } = serveParts([{ ...SEAL, photo: PHOTO }, part({ _id: 'p2', partNumber: 'AFL-F7-592', name: 'Bag filter F7' })], {
      ...THUMBNAIL,
      'GET /api/file/f-photo': () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } }),
    });
    renderResourceScreen(sparePartResource as ResourceDefinition<RaRecord>);

    // The declaration lists the photo first, and so does the table (src/admin/spareParts: columns in their order).
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '').filter((text) => text !== '');
    expect(headers.slice(0, 3)).toEqual(['Photo', 'Part number', 'Spare part']);
    const open = within(await rowWith('NPS-MS-35')).getByRole('button', { name: 'Open the image NPS-MS-35 Mechanical seal 35 mm' });
    await waitFor(() => expect(within(open).getByRole('img')).toHaveAttribute('src', 'blob:image/webp'));
    expect(api.callsTo('GET', '/api/file/f-photo/thumbnail')).toHaveLength(1);
    expect(within(await rowWith('AFL-F7-592')).queryByRole('button', { name: /^Open the image/ })).toBeNull();

    // The viewer shows the photo itself, not the thumbnail.
    await userEvent.click(open);
    const viewer = await screen.findByRole('dialog', { name: 'NPS-MS-35 Mechanical seal 35 mm' });
    await waitFor(() => expect(within(viewer).getByRole('img', { name: 'NPS-MS-35 Mechanical seal 35 mm' })).toHaveAttribute('src', 'blob:image/jpeg'));
    expect(api.callsTo('GET', '/api/file/f-photo')).toHaveLength(1);
  }, 60_000);

  it('refuses a declaration listing a column its schema does not describe', () => {
    expect(() => declareResource({ name: 'sparePart', label: 'Spare part', schema: sparePartSchema, icon: InventoryIcon, permission: 'manage-sparepart', columns: ['partNumber', 'datasheets'] })).toThrow(
      'declareResource(sparePart): columns datasheets are not described fields of its schema',
    );
  });

  it("shows a datasheet as its name and a download button saving the file under the server's name", async () => {
    objectUrls();
    const saves: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saves.push(`${this.download} ${this.href}`);
    });
    try {
      // The spare part's declaration listing the datasheet too: the cells come from the field kinds, not from the resource.
      const withDatasheet = declareResource({ name: 'sparePart', label: 'Spare part', schema: sparePartSchema, icon: InventoryIcon, permission: 'manage-sparepart', labelField: ['partNumber', 'name'], columns: ['partNumber', 'name', 'datasheet'] });
      const { api } = serveParts([{ ...SEAL, datasheet: SHEET }, part({ _id: 'p2', partNumber: 'AFL-F7-592', name: 'Bag filter F7' })], {
        'GET /api/file/f-sheet': () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="Seal kit datasheet.pdf"' } }),
      });
      renderResourceScreen(withDatasheet as unknown as ResourceDefinition<RaRecord>);

      const row = await rowWith('NPS-MS-35');
      expect(within(row).getByText('seal-kit.pdf')).toBeInTheDocument();
      expect(within(await rowWith('AFL-F7-592')).queryByRole('button', { name: /^Download/ })).toBeNull();
      await userEvent.click(within(row).getByRole('button', { name: 'Download seal-kit.pdf' }));
      await waitFor(() => expect(saves).toEqual(['Seal kit datasheet.pdf blob:application/pdf']));
      const [download, ...again] = api.callsTo('GET', '/api/file/f-sheet');
      expect(again).toEqual([]);
      expect(download?.headers.get('x-auth')).toBe('stored-jwt');
    } finally {
      click.mockRestore();
    }
  }, 60_000);
});
