import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';

/** Device keys (docs/monitoring.md): what a gateway may write, what it did, its secret shown once. */
const assets = [{ _id: 'a1', name: 'Chiller 7' }];
const gateway = {
  _id: 'k1', name: 'BMS gateway', site: 'plant1', assets: ['a1'], topics: ['facilityops/plant1/#'], active: true,
  createdBy: 'Ada Admin', lastSeen: null, accepted: 1234, refused: 3, createdAt: 1, updatedAt: 2,
};
const refusals = [
  { deviceKey: 'k1', reason: 'asset not allowed', count: 3, lastAt: 1_764_500_000_000, lastDetail: 'facilityops/plant1/BO-002/flue_temp' },
  { deviceKey: '', reason: 'unknown key', count: 9, lastAt: 1_764_500_000_000, lastDetail: 'POST /api/reading' },
];

function open(answers = {}) {
  return openAdminScreen('/home/deviceKeyManagement', ['manage-devicekey'], {
    'GET /api/deviceKey': () => jsonResponse(200, [gateway]),
    'GET /api/deviceKey/k1': () => jsonResponse(200, gateway),
    'GET /api/deviceKey/k1/history': () => jsonResponse(200, []),
    'GET /api/readingRefusal': () => jsonResponse(200, refusals),
    'GET /api/asset': serverList('asset', assets),
    ...answers,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Device key management', () => {
  it('lists what each key may write and what it did', async () => {
    open();
    const row = await rowOf('BMS gateway');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Device key', 'Site', 'Assets', 'Topics', 'Active', 'Last seen', 'Readings accepted', 'Readings refused', 'Created by']) {
      expect(headers.some((h) => h?.includes(label)), label).toBe(true);
    }
    expect(within(row).getByText('Chiller 7')).toBeInTheDocument();
    expect(within(row).getByText('1234')).toBeInTheDocument();
    expect(within(row).getByText('Ada Admin')).toBeInTheDocument();
  });

  it("issues a secret, shows it once, and lists only this key's refusals", async () => {
    const api = open({ 'POST /api/deviceKey/k1/secret': () => jsonResponse(200, { key: 'k1.s3cr3t-value' }) });
    await userEvent.click(within(await rowOf('BMS gateway')).getByRole('button', { name: 'Expand' }));
    const refused = await screen.findByRole('table', { name: 'Refused readings' });
    expect(within(refused).getByText('Asset not allowed')).toBeInTheDocument();
    expect(within(refused).getByText('facilityops/plant1/BO-002/flue_temp')).toBeInTheDocument();
    expect(within(refused).queryByText('Unknown key')).toBeNull();
    // No recorded field is offered for typing.
    expect(screen.queryByRole('textbox', { name: 'Created by' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Issue secret' }));
    expect(await screen.findByDisplayValue('k1.s3cr3t-value')).toBeInTheDocument();
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/deviceKey/k1/secret')).toHaveLength(1);
  });
});
