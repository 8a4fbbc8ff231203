import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_TYPES } from '../../../common/resources/attribute';
import { copyBody } from '../../../common/resources/schemaParts';
import { attributeResource } from '../../../src/admin/attributes';
import { openAdminScreen } from '../helpers/adminScreen';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';

const colour = {
  _id: 'a1',
  name: 'Colour',
  technicalName: 'colour',
  description: 'Paint colour',
  type: 'select',
  isMandatory: true,
  allowComment: false,
  options: { values: ['Red', 'Green'] },
  createdAt: 1,
  updatedAt: 2,
};
const pressure = { _id: 'a2', name: 'Pressure', technicalName: 'pressure', description: '', type: 'number', isMandatory: false, allowComment: true, options: { values: [] } };
const notes = { _id: 'a3', name: 'Notes', technicalName: 'notes', description: '', type: 'long string', isMandatory: false, allowComment: false, options: { values: [] } };
const checklists = [
  { _id: 'c1', name: 'Pump weekly', checklistItems: [{ attribute: 'a2', sequenceId: 1 }] },
  { _id: 'c2', name: 'Boiler monthly', checklistItems: [{ attribute: 'a2', sequenceId: 1 }, { attribute: 'a3', sequenceId: 2 }] },
];

function open(answers = {}) {
  return openAdminScreen('/home/attributeManagement', ['manage-attribute'], {
    'GET /api/attribute': () => jsonResponse(200, [colour, pressure, notes]),
    'GET /api/checklist': () => jsonResponse(200, checklists),
    'GET /api/attribute/a1': () => jsonResponse(200, colour),
    'GET /api/attribute/a1/history': () => jsonResponse(200, []),
    'GET /api/attribute/a1/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, checklist: 0 }, archives: false }),
    'GET /api/attribute/a2/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, checklist: 0 }, archives: false }),
    ...answers,
  });
}

// The first screen of a file also loads the app's modules: more than findBy's default second.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const echo = (id: string) => (call: ApiCall) => jsonResponse(200, { _id: id, ...(call.body as object) });

async function chooseType(scope: HTMLElement, type: string) {
  await userEvent.click(within(scope).getByRole('combobox', { name: /^Type/ }));
  await userEvent.click(await screen.findByRole('option', { name: type }));
}

async function openNewDialog() {
  await rowOf('Pressure');
  await userEvent.click(screen.getByRole('button', { name: 'New Attribute' }));
  return screen.findByRole('dialog');
}

describe('Attribute management (spec §2.9)', () => {
  it('lists Attribute, Technical Name, Type and the checklists using each attribute', async () => {
    const api = open();
    const row = await rowOf('Pressure');
    expect(within(row).getByText('pressure')).toBeInTheDocument();
    expect(within(row).getByText('number')).toBeInTheDocument();
    expect(within(row).getByText('Boiler monthly, Pump weekly')).toBeInTheDocument();
    expect(within(await rowOf('Notes')).getByText('Boiler monthly')).toBeInTheDocument();
    // A sorted header also holds its (hidden) sort-position badge.
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/\d+$/, ''));
    expect(headers.filter(Boolean)).toEqual(['Attribute', 'Technical Name', 'Type', 'Checklists', 'Actions']);
    expect(api.callsTo('GET', '/api/checklist')[0]?.search).toBe('?fields=name%2CchecklistItems');
  });

  it('opens New Attribute in a dialog of max width 800 offering all eleven types', async () => {
    open();
    const dialog = await openNewDialog();
    expect(within(dialog).getByText('New Attribute')).toBeInTheDocument();
    expect(dialog).toHaveStyle({ maxWidth: '800px' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual([...ATTRIBUTE_TYPES]);
  });

  it('keeps Save disabled until the attribute has a name and a type (spec §5)', async () => {
    open();
    const dialog = await openNewDialog();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Voltage');
    expect(save).toBeDisabled();
    await chooseType(dialog, 'number');
    expect(save).toBeEnabled();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    expect(save).toBeDisabled();
  });

  it('shows option values only for select, radio and color', { timeout: 60_000 }, async () => {
    open();
    const dialog = await openNewDialog();
    for (const type of ATTRIBUTE_TYPES) {
      await chooseType(dialog, type);
      const shown = within(dialog).queryByRole('button', { name: 'Add option' }) !== null;
      expect([type, shown]).toEqual([type, ['select', 'radio', 'color'].includes(type)]);
    }
  });

  it('creates through the dialog with the options entered and says "Attribute created"', async () => {
    const api = open({ 'POST /api/attribute': echo('a9') });
    const dialog = await openNewDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Status');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Technical Name' }), 'status');
    await chooseType(dialog, 'radio');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Open');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Closed');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Mandatory' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Attribute created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/attribute').map((c) => c.body)).toEqual([
      { name: 'Status', technicalName: 'status', description: '', type: 'radio', isMandatory: true, allowComment: false, options: { values: ['Open', 'Closed'] } },
    ]);
  });

  it('clears the option values when the type changes to one without options (spec §4)', async () => {
    const api = open({ 'POST /api/attribute': echo('a9') });
    const dialog = await openNewDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Finish');
    await chooseType(dialog, 'select');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Matt');
    await chooseType(dialog, 'string');
    await chooseType(dialog, 'color');
    expect(within(dialog).queryByRole('textbox', { name: 'Option 1' })).toBeNull();
    await chooseType(dialog, 'string');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Attribute created');
    expect((api.callsTo('POST', '/api/attribute')[0]?.body as { options: unknown }).options).toEqual({ values: [] });
  });

  it('flags a blank option value and does not save it (spec §5)', async () => {
    const api = open({ 'POST /api/attribute': echo('a9') });
    const dialog = await openNewDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shade');
    await chooseType(dialog, 'color');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), '   ');
    expect(within(dialog).getByText('Option value must not be blank')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Mended and saved again: the one POST that follows carries the mended value, so the first Save sent nothing.
    const option = within(dialog).getByRole('textbox', { name: 'Option 1' });
    await userEvent.clear(option);
    await userEvent.type(option, 'Teal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/attribute')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/attribute')[0]?.body).toMatchObject({ name: 'Shade', type: 'color', options: { values: ['Teal'] } });
  });

  it('says "Attribute creation failed" and the server\'s reason when the server refuses the new attribute', async () => {
    open({ 'POST /api/attribute': () => errorResponse(409, 'Attribute with the name "Pressure" already exists') });
    const dialog = await openNewDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pressure');
    await chooseType(dialog, 'number');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const failure = await screen.findByRole('dialog', { name: 'Attribute creation failed' });
    expect(within(failure).getByText('Attribute with the name "Pressure" already exists')).toBeInTheDocument();
    await userEvent.click(within(failure).getByRole('button', { name: 'Close' }));
    // The New Attribute dialog stays, to correct the name.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Pressure');
  });

  it('enables Copy Attribute only with exactly one row selected', async () => {
    open();
    await rowOf('Pressure');
    const copy = screen.getByRole('button', { name: 'Copy Attribute' });
    expect(copy).toBeDisabled();
    await userEvent.click(within(await rowOf('Colour')).getByRole('checkbox'));
    expect(copy).toBeEnabled();
    await userEvent.click(within(await rowOf('Pressure')).getByRole('checkbox'));
    expect(copy).toBeDisabled();
  });

  it('copies from the fetched record without its technical name and says "Attribute copied"', async () => {
    const api = open({ 'POST /api/attribute': echo('a9') });
    await userEvent.click(within(await rowOf('Colour')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Attribute' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Copy Attribute')).toBeInTheDocument();
    expect(await within(dialog).findByRole('textbox', { name: 'Description' })).toHaveValue('Paint colour');
    expect(within(dialog).getByRole('textbox', { name: 'Technical Name' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Option 2' })).toHaveValue('Green');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Colour 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Attribute copied')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/attribute/a1')).not.toHaveLength(0);
    const [body] = api.callsTo('POST', '/api/attribute').map((c) => c.body as Record<string, unknown>);
    // Left empty, the technical name is not sent (spec §7): the server derives one from the name.
    expect(body).toEqual({ name: 'Colour 2', description: 'Paint colour', type: 'select', isMandatory: true, allowComment: false, options: { values: ['Red', 'Green'] } });
  });

  it('builds a copy body without name, technicalName, ids or timestamps (spec §7)', () => {
    const body = copyBody(colour, 'Colour 2', attributeResource.copy?.dropFields);
    expect(Object.keys(body).sort()).toEqual(['allowComment', 'description', 'isMandatory', 'name', 'options', 'type']);
    expect(body.name).toBe('Colour 2');
  });

  it('edits in the expanded row and says "Attribute created" after an update (spec §8)', async () => {
    const api = open({ 'PUT /api/attribute/a1': echo('a1') });
    await userEvent.click(within(await rowOf('Colour')).getByRole('button', { name: 'Expand' }));
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'Colour of the casing');
    await userEvent.click(screen.getByRole('textbox', { name: 'Option 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Attribute created')).toBeInTheDocument();
    expect(screen.queryByText('Attribute updated')).toBeNull();
    expect(api.callsTo('PUT', '/api/attribute/a1').map((c) => c.body)).toEqual([
      { name: 'Colour', technicalName: 'colour', description: 'Colour of the casing', type: 'select', isMandatory: true, allowComment: false, options: { values: ['Red', 'Green'] } },
    ]);
  });

  it('does not save an attribute whose technical name was emptied, and says it must not be blank', async () => {
    const api = open({ 'PUT /api/attribute/a1': echo('a1') });
    await userEvent.click(within(await rowOf('Colour')).getByRole('button', { name: 'Expand' }));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Technical Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('technicalName must not be blank')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/attribute/a1')).toHaveLength(0);
  });

  it('says "Attribute creation failed" when an update fails (spec §8)', async () => {
    open({ 'PUT /api/attribute/a1': () => errorResponse(400, 'technicalName must start with a letter or _') });
    await userEvent.click(within(await rowOf('Colour')).getByRole('button', { name: 'Expand' }));
    const technicalName = await screen.findByRole('textbox', { name: 'Technical Name' });
    await userEvent.type(technicalName, '_x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const failure = await screen.findByRole('dialog', { name: 'Attribute creation failed' });
    expect(failure).toHaveTextContent('technicalName must start with a letter or _');
  });

  it('says "Attribute deletion failed" when the server refuses to delete an attribute in use', async () => {
    const api = open({ 'DELETE /api/attribute/a2': () => errorResponse(409, 'Attribute "Pressure" is used by checklists "Pump weekly"') });
    await userEvent.click(within(await rowOf('Pressure')).getByRole('button', { name: 'Delete Pressure' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const failure = await screen.findByRole('dialog', { name: 'Attribute deletion failed' });
    expect(failure).toHaveTextContent('Attribute "Pressure" is used by checklists "Pump weekly"');
    expect(api.callsTo('DELETE', '/api/attribute/a2')).toHaveLength(1);
  });

  it('deletes after confirmation and says "Attribute deleted"', async () => {
    open({ 'DELETE /api/attribute/a1': () => jsonResponse(200, { _id: 'a1', message: 'Attribute deleted' }) });
    await userEvent.click(within(await rowOf('Colour')).getByRole('button', { name: 'Delete Colour' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Attribute deleted')).toBeInTheDocument();
  });
});
