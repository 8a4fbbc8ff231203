import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RoleTableEntry } from '../../../common/resources/role';
import { RoleTablesInput } from '../../../src/admin/roles/RoleTablesInput';
import { renderFieldForm } from '../helpers/fieldForm';
import { jsonResponse, mockApi } from '../helpers/mockApi';

const tables = [
  { _id: 't1', name: 'All assets', type: 'asset' },
  { _id: 't2', name: 'My assets', type: 'asset' },
  { _id: 't3', name: 'Open alerts', type: 'alert' },
  { _id: 't4', name: 'Breakdowns', type: 'breakdown' },
];

function renderTables(entries: RoleTableEntry[]) {
  const api = mockApi({ 'GET /api/table': () => jsonResponse(200, tables) });
  const form = renderFieldForm(<RoleTablesInput source="tables" />, { id: 'r1', tables: entries });
  return { api, form };
}

const defaultSwitch = (name: string) => screen.getByRole('switch', { name: `Default ${name}` });

async function submittedTables(form: ReturnType<typeof renderTables>['form']) {
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(form.submitted()).toBeDefined());
  return form.submitted()?.tables;
}

describe('RoleTablesInput (spec §2.9, §4)', () => {
  it('lists the tables with their names and types from GET /table?fields=name,type', async () => {
    const { api } = renderTables([{ table: 't1', default: true }, { table: 't3', default: false }]);
    const row = (await screen.findByText('All assets')).closest('tr') as HTMLElement;
    expect(within(row).getByText('asset')).toBeInTheDocument();
    expect(defaultSwitch('All assets')).toBeChecked();
    expect(defaultSwitch('Open alerts')).not.toBeChecked();
    expect(api.callsTo('GET', '/api/table')[0]?.search).toBe('?fields=name%2Ctype');
  });

  it('turning a default on turns off the other table of the same type, not those of another type', async () => {
    const { form } = renderTables([
      { table: 't1', default: true },
      { table: 't2', default: false },
      { table: 't3', default: true },
    ]);
    await screen.findByText('My assets');
    await userEvent.click(defaultSwitch('My assets'));
    expect(defaultSwitch('My assets')).toBeChecked();
    expect(defaultSwitch('All assets')).not.toBeChecked();
    expect(defaultSwitch('Open alerts')).toBeChecked();
    expect(await submittedTables(form)).toEqual([
      { table: 't1', default: false },
      { table: 't2', default: true },
      { table: 't3', default: true },
    ]);
  });

  it('adds a table not yet listed and removes one', async () => {
    const { form } = renderTables([{ table: 't1', default: false }]);
    await screen.findByText('All assets');
    await userEvent.click(screen.getByRole('combobox', { name: 'Add table' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Open alerts', 'My assets', 'Breakdowns']);
    await userEvent.click(screen.getByRole('option', { name: 'Breakdowns' }));
    expect(await screen.findByText('breakdown')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add table' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Remove table All assets' }));
    expect(screen.queryByText('All assets')).toBeNull();
    expect(await submittedTables(form)).toEqual([{ table: 't4', default: false }]);
  });
});
