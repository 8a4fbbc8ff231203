import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChecklistGroup } from '../../../common/resources/checklist';
import { ChecklistGroupsInput } from '../../../src/admin/checklists/ChecklistGroupsInput';
import { jsonResponse } from '../helpers/mockApi';
import { renderFieldForm } from './renderFieldForm';

const attributes = [
  { _id: 'pressure', name: 'Pressure', technicalName: 'pressure', type: 'number', options: { values: [] } },
  { _id: 'running', name: 'Running', technicalName: 'running', type: 'boolean', options: { values: [] } },
  { _id: 'remark', name: 'Remark', technicalName: 'remark', type: 'string', options: { values: [] } },
];
const checklistItems = [
  { attribute: 'running', sequenceId: 2, threshold: null, showMandatoryIndicator: false },
  { attribute: 'pressure', sequenceId: 1, threshold: null, showMandatoryIndicator: false },
];

function renderGroups(groups: ChecklistGroup[]) {
  const form = renderFieldForm(<ChecklistGroupsInput />, { checklistItems, groups }, { 'GET /api/attribute': () => jsonResponse(200, attributes) });
  return { ...form, groups: () => form.values<{ groups: ChecklistGroup[] }>().groups };
}

const groupNames = () => screen.getAllByRole('textbox', { name: 'Group name' }).map((input) => (input as HTMLInputElement).value);

describe('Checklist groups field (spec §4)', () => {
  it('refuses to delete a group still holding attributes, and says why', async () => {
    const { groups } = renderGroups([
      { name: 'Motor', attributes: ['running'] },
      { name: 'Spare', attributes: [] },
    ]);
    const motorDelete = await screen.findByRole('button', { name: 'Delete group Motor' });
    expect(motorDelete).toBeDisabled();
    await userEvent.hover(motorDelete.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A group still holding attributes cannot be deleted: remove its attributes first');

    await userEvent.click(screen.getByRole('button', { name: 'Delete group Spare' }));
    expect(groups()).toEqual([{ name: 'Motor', attributes: ['running'] }]);
  });

  it('moves a group up and down', async () => {
    const { groups } = renderGroups([
      { name: 'A', attributes: [] },
      { name: 'B', attributes: [] },
      { name: 'C', attributes: [] },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Move A down' }));
    expect(groupNames()).toEqual(['B', 'A', 'C']);
    await userEvent.click(screen.getByRole('button', { name: 'Move C up' }));
    expect(groups().map((group) => group.name)).toEqual(['B', 'C', 'A']);
    expect(screen.getByRole('button', { name: 'Move B up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move A down' })).toBeDisabled();
  });

  it('adds a group named in a prompt, and nothing for a blank name', async () => {
    const { groups } = renderGroups([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Group name' }), '   ');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(groups()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Group name' }), ' Motor ');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(groups()).toEqual([{ name: 'Motor', attributes: [] }]));
  });

  it("offers only the checklist's item attributes, in item order", async () => {
    const { groups } = renderGroups([{ name: 'Motor', attributes: [] }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Attributes' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Attributes' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pressure', 'Running']));
    await userEvent.click(within(listbox).getByRole('option', { name: 'Running' }));
    await userEvent.click(within(listbox).getByRole('option', { name: 'Pressure' }));
    expect(groups()).toEqual([{ name: 'Motor', attributes: ['running', 'pressure'] }]);
  });

  it('flags a group name edited to blank', async () => {
    renderGroups([{ name: 'Motor', attributes: [] }]);
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Group name' }));
    expect(screen.getByText('Required.')).toBeInTheDocument();
  });
});
