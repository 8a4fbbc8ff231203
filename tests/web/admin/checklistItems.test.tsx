import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChecklistGroup, ChecklistItem } from '../../../common/resources/checklist';
import { ChecklistItemsInput } from '../../../src/admin/checklists/ChecklistItemsInput';
import { jsonResponse } from '../helpers/mockApi';
import { renderFieldForm } from './renderFieldForm';

const attributes = [
  { _id: 'pressure', name: 'Pressure', technicalName: 'pressure', type: 'number', options: { values: [] } },
  { _id: 'running', name: 'Running', technicalName: 'running', type: 'boolean', options: { values: [] } },
  { _id: 'state', name: 'State', technicalName: 'state', type: 'select', options: { values: ['ok', 'worn', 'broken'] } },
  { _id: 'noise', name: 'Noise', technicalName: 'noise', type: 'radio', options: { values: ['quiet', 'loud'] } },
  { _id: 'remark', name: 'Remark', technicalName: 'remark', type: 'string', options: { values: [] } },
];
const alertLevels = [
  { _id: 'l1', name: 'Critical', color: '#d32f2f', technicalName: 'critical', rank: 1 },
  { _id: 'l2', name: 'Warning', color: '#ffa000', technicalName: 'warning', rank: 2 },
];

type Values = { checklistItems: ChecklistItem[]; groups: ChecklistGroup[] };

function renderItems(checklistItems: Partial<ChecklistItem>[], groups: ChecklistGroup[] = []) {
  const items = checklistItems.map((item) => ({ threshold: null, showMandatoryIndicator: false, ...item }));
  const form = renderFieldForm(<ChecklistItemsInput />, { checklistItems: items, groups }, {
    'GET /api/attribute': () => jsonResponse(200, attributes),
    'GET /api/alertLevel': () => jsonResponse(200, alertLevels),
  });
  return { ...form, values: () => form.values<Values>() };
}

const shownItems = () => screen.getAllByTestId('checklist-item');
const itemOf = async (attributeName: string) => {
  await screen.findAllByRole('combobox', { name: 'Attribute' });
  await waitFor(() => expect(shownItems().some((item) => within(item).queryByText(attributeName))).toBe(true));
  return shownItems().find((item) => within(item).queryByText(attributeName)) as HTMLElement;
};
const shownAttributeNames = () => shownItems().map((item) => within(item).getByRole('combobox', { name: 'Attribute' }).textContent?.replace(/\s*\(.*\)$/, ''));

async function choose(scope: HTMLElement, label: string, option: string | RegExp) {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Checklist items field (spec §4, §5)', () => {
  it('shows the items in sequenceId order, not array order', async () => {
    renderItems([
      { attribute: 'state', sequenceId: 3 },
      { attribute: 'pressure', sequenceId: 1 },
      { attribute: 'running', sequenceId: 2 },
    ]);
    await itemOf('State');
    expect(shownAttributeNames()).toEqual(['Pressure', 'Running', 'State']);
  });

  it('moving an item swaps its sequenceId with its neighbour', async () => {
    const { values } = renderItems([
      { attribute: 'pressure', sequenceId: 1 },
      { attribute: 'running', sequenceId: 5 },
      { attribute: 'state', sequenceId: 9 },
    ]);
    await itemOf('State');
    await userEvent.click(screen.getByRole('button', { name: 'Move Pressure down' }));
    expect(shownAttributeNames()).toEqual(['Running', 'Pressure', 'State']);
    expect(values().checklistItems.map((item) => [item.attribute, item.sequenceId])).toEqual([['pressure', 5], ['running', 1], ['state', 9]]);
    await userEvent.click(screen.getByRole('button', { name: 'Move State up' }));
    expect(shownAttributeNames()).toEqual(['Running', 'State', 'Pressure']);
    expect(values().checklistItems.map((item) => [item.attribute, item.sequenceId])).toEqual([['pressure', 9], ['running', 1], ['state', 5]]);
    expect(screen.getByRole('button', { name: 'Move Running up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Pressure down' })).toBeDisabled();
  });

  it('gives a new item the highest sequenceId plus one', async () => {
    const { values } = renderItems([
      { attribute: 'pressure', sequenceId: 7 },
      { attribute: 'running', sequenceId: 3 },
    ]);
    await itemOf('Running');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(values().checklistItems.at(-1)).toEqual({ attribute: '', sequenceId: 8, threshold: null, showMandatoryIndicator: false });
    expect(shownItems()).toHaveLength(3);
  });

  it('asks before deleting an item that has an attribute, and takes the attribute out of the groups', async () => {
    const { values } = renderItems(
      [
        { attribute: 'pressure', sequenceId: 1 },
        { attribute: 'running', sequenceId: 2 },
      ],
      [{ name: 'Pump', attributes: ['pressure', 'running'] }],
    );
    await itemOf('Pressure');
    await userEvent.click(screen.getByRole('button', { name: 'Delete item Pressure' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(values().checklistItems).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Delete item Pressure' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(values().checklistItems.map((item) => item.attribute)).toEqual(['running']));
    expect(values().groups).toEqual([{ name: 'Pump', attributes: ['running'] }]);
  });

  it('deletes an item without an attribute at once, without asking', async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1 }]);
    await itemOf('Pressure');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete item item 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(values().checklistItems.map((item) => item.attribute)).toEqual(['pressure']);
  });

  it('does not offer an attribute already used by another item', async () => {
    renderItems([
      { attribute: 'pressure', sequenceId: 1 },
      { attribute: 'running', sequenceId: 2 },
    ]);
    await userEvent.click(within(await itemOf('Running')).getByRole('combobox', { name: 'Attribute' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: /Pressure/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: /State/ })).not.toHaveAttribute('aria-disabled');
  });

  it('offers the five threshold operations with their labels', async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1 }]);
    const item = await itemOf('Pressure');
    await userEvent.click(within(item).getByRole('switch', { name: 'Threshold' }));
    expect(values().checklistItems[0]?.threshold).toEqual({ operation: 'equal', value: 0, level: null });
    await userEvent.click(within(item).getByRole('combobox', { name: 'Operation' }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['equal', 'greater than', 'at least', 'less than', 'at most']);
    await userEvent.click(screen.getByRole('option', { name: 'at least' }));
    expect(values().checklistItems[0]?.threshold?.operation).toBe('at least');
  });

  it('asks for a number value for a number attribute', async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1, threshold: { operation: 'greater than', value: 5, level: null } }]);
    const item = await itemOf('Pressure');
    const value = within(item).getByRole('spinbutton', { name: 'Value' });
    expect(value).toHaveValue(5);
    await userEvent.clear(value);
    await userEvent.type(value, '7.5');
    expect(values().checklistItems[0]?.threshold?.value).toBe(7.5);
    await userEvent.clear(value);
    expect(within(item).getByText('Does not fit the attribute type')).toBeInTheDocument();
  });

  it('asks yes or no for a boolean attribute', async () => {
    const { values } = renderItems([{ attribute: 'running', sequenceId: 1, threshold: { operation: 'equal', value: false, level: null } }]);
    const item = await itemOf('Running');
    await choose(item, 'Value', 'Yes');
    expect(values().checklistItems[0]?.threshold?.value).toBe(true);
    await userEvent.click(within(item).getByRole('combobox', { name: 'Value' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Yes', 'No']);
  });

  it("offers the option list for select and radio attributes", async () => {
    const { values } = renderItems([
      { attribute: 'state', sequenceId: 1, threshold: { operation: 'equal', value: 'worn', level: null } },
      { attribute: 'noise', sequenceId: 2, threshold: { operation: 'equal', value: 'quiet', level: null } },
    ]);
    const state = await itemOf('State');
    await userEvent.click(within(state).getByRole('combobox', { name: 'Value' }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['ok', 'worn', 'broken']);
    await userEvent.click(screen.getByRole('option', { name: 'broken' }));
    expect(values().checklistItems[0]?.threshold?.value).toBe('broken');
    await choose(await itemOf('Noise'), 'Value', 'loud');
    expect(values().checklistItems[1]?.threshold?.value).toBe('loud');
  });

  it('asks free text for other attribute types', async () => {
    const { values } = renderItems([{ attribute: 'remark', sequenceId: 1, threshold: { operation: 'equal', value: '', level: null } }]);
    const item = await itemOf('Remark');
    await userEvent.type(within(item).getByRole('textbox', { name: 'Value' }), 'leak');
    expect(values().checklistItems[0]?.threshold?.value).toBe('leak');
  });

  it("resets a threshold value that no longer fits when the item's attribute changes type", async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1, threshold: { operation: 'at most', value: 12, level: 'l2' } }]);
    const item = await itemOf('Pressure');
    await choose(item, 'Attribute', /Running/);
    expect(values().checklistItems[0]?.threshold).toEqual({ operation: 'at most', value: false, level: 'l2' });
    expect(within(item).getByRole('combobox', { name: 'Value' })).toHaveTextContent('No');
    await choose(item, 'Attribute', /State/);
    expect(values().checklistItems[0]?.threshold?.value).toBe('ok');
    await choose(item, 'Attribute', /Noise/);
    expect(values().checklistItems[0]?.threshold?.value).toBe('quiet');
    await choose(item, 'Attribute', /Remark/);
    expect(values().checklistItems[0]?.threshold?.value).toBe('quiet');
    await choose(item, 'Attribute', /Pressure/);
    expect(values().checklistItems[0]?.threshold).toEqual({ operation: 'at most', value: 0, level: 'l2' });
  });

  it('offers the alert levels with their colours, none meaning the most severe level', async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1, threshold: { operation: 'greater than', value: 10, level: null } }]);
    const item = await itemOf('Pressure');
    expect(within(item).getByRole('combobox', { name: 'Alert level' })).toHaveTextContent('Most severe level');
    await userEvent.click(within(item).getByRole('combobox', { name: 'Alert level' }));
    const warning = await screen.findByRole('option', { name: 'Warning' });
    expect(warning.querySelector('span')).toHaveStyle({ backgroundColor: '#ffa000' });
    await userEvent.click(warning);
    expect(values().checklistItems[0]?.threshold?.level).toBe('l2');
  });

  it('turns the mandatory indicator on and the threshold off', async () => {
    const { values } = renderItems([{ attribute: 'pressure', sequenceId: 1, threshold: { operation: 'greater than', value: 10, level: null } }]);
    const item = await itemOf('Pressure');
    await userEvent.click(within(item).getByRole('switch', { name: 'Show mandatory indicator' }));
    await userEvent.click(within(item).getByRole('switch', { name: 'Threshold' }));
    expect(values().checklistItems[0]).toEqual({ attribute: 'pressure', sequenceId: 1, threshold: null, showMandatoryIndicator: true });
    expect(within(item).queryByRole('combobox', { name: 'Operation' })).toBeNull();
  });
});
