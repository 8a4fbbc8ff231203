import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { parseAssetQrPayload } from '../../../common/resources/asset';
import { pagesOf } from '../../../src/admin/assets/labels/labelLayout';
import { jsonResponse } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { assets, openAssetScreen, rowOf } from '../helpers/assetScreen';

const labelsPath = (ids: string[]) => `/home/assetManagement/labels?ids=${encodeURIComponent(ids.join(','))}`;
const qrImages = () => screen.queryAllByRole('img', { name: /^QR code / });

describe('QR labels of assets', () => {
  it("'Print QR labels' needs a selection and opens the labels page of the selected assets", async () => {
    openAssetScreen();
    const print = await screen.findByRole('button', { name: 'Print QR labels' });
    expect(print).toBeDisabled();
    await userEvent.click(within(await rowOf('Pump B')).getByRole('checkbox', { name: 'Select this row' }));
    await userEvent.click(within(await rowOf('Air handler')).getByRole('checkbox', { name: 'Select this row' }));
    await userEvent.click(print);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(labelsPath(['a2', 'a1'])));
    expect(await screen.findByRole('heading', { name: /QR labels/ })).toBeInTheDocument();
    await waitFor(() => expect(qrImages()).toHaveLength(2));
  });

  it('renders one QR code per asset carrying ASSET_ID:<identification>, with name and identification under it', async () => {
    const generate = vi.spyOn(QRCode, 'toString');
    openAssetScreen({}, labelsPath(['a2', 'a1']));
    await waitFor(() => expect(qrImages()).toHaveLength(2));
    const labels = screen.getAllByTestId('qr-label');
    expect(labels.map((label) => label.textContent)).toEqual(['Pump BPMP-002', 'Air handlerAHU-001']);
    expect(qrImages().map((img) => img.getAttribute('title'))).toEqual(['ASSET_ID:PMP-002', 'ASSET_ID:AHU-001']);
    expect(generate.mock.calls.map(([text]) => text).sort()).toEqual(['ASSET_ID:AHU-001', 'ASSET_ID:PMP-002']);
    // what the technician's scanner reads back from the code
    expect(parseAssetQrPayload(String(generate.mock.calls[0]?.[0]))).toMatch(/^(PMP-002|AHU-001)$/);
    // the image is the generator's own SVG of that payload, not a placeholder
    const svg = decodeURIComponent((qrImages()[0]?.getAttribute('src') ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>\s*$/);
    generate.mockRestore();
  });

  it('refuses assets without an identification and says so instead of printing an empty code', async () => {
    const generate = vi.spyOn(QRCode, 'toString');
    openAssetScreen({}, labelsPath(['a3', 'a2']));
    await waitFor(() => expect(qrImages()).toHaveLength(1));
    expect(screen.getByText('These assets have no identification and cannot be labelled: Boiler')).toBeInTheDocument();
    expect(screen.getAllByTestId('qr-label').map((label) => label.textContent)).toEqual(['Pump BPMP-002']);
    expect(generate.mock.calls.map(([text]) => text)).toEqual(['ASSET_ID:PMP-002']);
    generate.mockRestore();
  });

  it('has nothing to print when no selected asset can be labelled', async () => {
    openAssetScreen({}, labelsPath(['a3', 'deleted']));
    expect(await screen.findByText('These assets have no identification and cannot be labelled: Boiler')).toBeInTheDocument();
    expect(screen.getByText('1 selected asset no longer exists')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(qrImages()).toHaveLength(0);
  });

  it('prints with the browser and offers A4 sheets of 21 or one label per page for label printers', async () => {
    const many = Array.from({ length: 23 }, (_, index) => ({ _id: `m${index}`, name: `Valve ${index}`, identification: `VLV-${index}` }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openAssetScreen({ 'GET /api/asset': () => jsonResponse(200, many) }, labelsPath(many.map((asset) => asset._id)));
    await waitFor(() => expect(qrImages()).toHaveLength(23));
    expect(screen.getAllByTestId('qr-label-page').map((page) => within(page).getAllByTestId('qr-label').length)).toEqual([21, 2]);
    await userEvent.click(screen.getByRole('button', { name: 'Label printer (63.5 × 38.1 mm)' }));
    expect(screen.getAllByTestId('qr-label-page')).toHaveLength(23);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('needs manage-asset', async () => {
    localStorage.clear();
    openAdminScreen(labelsPath(['a2']), [], { 'GET /api/asset': () => jsonResponse(200, assets) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login/));
  });

  it('cuts pages of 21 labels for A4 sheets and of one for label printers', () => {
    expect(pagesOf(Array.from({ length: 43 }, (_, i) => i), 'sheet').map((page) => page.length)).toEqual([21, 21, 1]);
    expect(pagesOf([1, 2], 'roll')).toEqual([[1], [2]]);
  });
});
