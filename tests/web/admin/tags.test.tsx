import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { echoCreated, openAssetScreen, rowOf } from '../helpers/assetScreen';

async function openNewAssetDialog(answers = {}) {
  const api = openAssetScreen(answers);
  await rowOf('Pump B');
  await userEvent.click(screen.getByRole('button', { name: 'New Asset' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Asset' });
  return { api, dialog };
}

async function tagChoices(dialog: HTMLElement): Promise<string[]> {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

async function answerTagPrompt(dialog: HTMLElement, answer: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
  const prompt = await screen.findByRole('dialog', { name: 'Tag name' });
  if (answer) await userEvent.type(within(prompt).getByRole('textbox', { name: 'Tag name' }), answer);
  await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tag name' })).toBeNull());
}

describe('asset tags input (spec §2.9)', () => {
  it('offers the known tags from GET /masterdata/assetTags', async () => {
    const { dialog } = await openNewAssetDialog();
    await waitFor(async () => expect(await tagChoices(dialog)).toEqual(['Building A', 'HVAC']));
  });

  it("adds the 'Tag name' answer to the local list in sorted order, without selecting or saving it", async () => {
    const { api, dialog } = await openNewAssetDialog({ 'POST /api/asset': echoCreated });
    await waitFor(async () => expect(await tagChoices(dialog)).toHaveLength(2));
    await answerTagPrompt(dialog, 'Critical');
    expect(await tagChoices(dialog)).toEqual(['Building A', 'Critical', 'HVAC']);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Chiller');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Identification' }), 'CHL-009');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Asset created');
    expect((api.callsTo('POST', '/api/asset')[0]?.body as { tags: string[] }).tags).toEqual([]);
  });

  it('stores a new tag once it is selected', async () => {
    const { api, dialog } = await openNewAssetDialog({ 'POST /api/asset': echoCreated });
    await answerTagPrompt(dialog, 'Roof');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Roof' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Chiller');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Identification' }), 'CHL-009');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Asset created');
    expect((api.callsTo('POST', '/api/asset')[0]?.body as { tags: string[] }).tags).toEqual(['Roof']);
  });

  it('adds nothing when the prompt is answered empty', async () => {
    const { dialog } = await openNewAssetDialog();
    await waitFor(async () => expect(await tagChoices(dialog)).toHaveLength(2));
    await answerTagPrompt(dialog, '');
    await answerTagPrompt(dialog, '   ');
    expect(await tagChoices(dialog)).toEqual(['Building A', 'HVAC']);
  });
});
