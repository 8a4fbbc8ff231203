import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { echoCreated, openAssetScreen, rowOf } from '../helpers/assetScreen';

async function openNewAssetDialog() {
  const api = openAssetScreen({ 'POST /api/asset': echoCreated });
  await rowOf('Pump B');
  await userEvent.click(screen.getByRole('button', { name: 'New Asset' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Asset' });
  return { api, dialog };
}

/** The key choices of a row's name; a new row's name already has the focus and its list open. */
async function keyChoices(row: HTMLElement): Promise<string[]> {
  const name = within(row).getByRole('combobox', { name: 'Name' });
  if (name.getAttribute('aria-expanded') !== 'true') await userEvent.click(name);
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

async function answerKeyPrompt(dialog: HTMLElement, answer: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'New Static Attribute Key' }));
  const prompt = await screen.findByRole('dialog', { name: 'Static Attribute Name' });
  if (answer) await userEvent.type(within(prompt).getByRole('textbox', { name: 'Static Attribute Name' }), answer);
  await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Static Attribute Name' })).toBeNull());
}

describe('asset static attributes input (spec §2.9)', () => {
  it('adds a static attribute of type string, read-only, with the next Sequence ID', async () => {
    const { dialog } = await openNewAssetDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Static Attribute' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Static Attribute' }));
    const second = within(dialog).getByRole('group', { name: 'Static Attributes 2' });
    const type = within(second).getByRole('textbox', { name: 'Type' });
    expect(type).toHaveValue('string');
    expect(type).toHaveAttribute('readonly');
    expect(within(second).getByRole('spinbutton', { name: 'Sequence ID' })).toHaveValue(2);
  });

  it("chooses the name among known keys, a 'Static Attribute Name' answer joining them sorted", async () => {
    const { api, dialog } = await openNewAssetDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Static Attribute' }));
    const row = within(dialog).getByRole('group', { name: 'Static Attributes 1' });
    await waitFor(async () => expect(await keyChoices(row)).toEqual(['Manufacturer', 'Photo']));

    await answerKeyPrompt(dialog, 'Location');
    await answerKeyPrompt(dialog, '');
    expect(await keyChoices(row)).toEqual(['Location', 'Manufacturer', 'Photo']);

    await userEvent.click(within(row).getByRole('combobox', { name: 'Name' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Location' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'Value' }), 'Plant room B1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Chiller');
    // An asset needs an identification to be scanned (docs/qr-labels.md): the form asks for one.
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Identification' }), 'CH-001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Asset created');
    expect((api.callsTo('POST', '/api/asset')[0]?.body as { staticAttributes: unknown }).staticAttributes).toEqual([
      { name: 'Location', type: 'string', value: 'Plant room B1', sequenceId: 1 },
    ]);
  });

  it("keeps an existing attribute's type and lets it be removed", async () => {
    const api = openAssetScreen({ 'PUT /api/asset/a2': (call) => new Response(JSON.stringify({ _id: 'a2', ...(call.body as object) }), { status: 200, headers: { 'Content-Type': 'application/json' } }) });
    await userEvent.click(within(await rowOf('Pump B')).getByRole('button', { name: 'Expand' }));
    const photo = await screen.findByRole('group', { name: 'Static Attributes 2' });
    expect(within(photo).getByRole('textbox', { name: 'Type' })).toHaveValue('image');
    await userEvent.click(within(screen.getByRole('group', { name: 'Static Attributes 1' })).getByRole('button', { name: 'Remove static attribute' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Asset updated');
    expect((api.callsTo('PUT', '/api/asset/a2')[0]?.body as { staticAttributes: unknown }).staticAttributes).toEqual([
      { name: 'Photo', value: '/files/f1', type: 'image', sequenceId: 2 },
    ]);
  });
});
