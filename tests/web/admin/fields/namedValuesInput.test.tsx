import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NamedValuesInput } from '../../../../src/admin/fields/NamedValuesInput';
import { renderFieldForm } from '../../helpers/fieldForm';
import { mockApi } from '../../helpers/mockApi';

function renderAttributes(customAttributes: Record<string, string>) {
  mockApi();
  return renderFieldForm(<NamedValuesInput source="customAttributes" label="Custom attributes" item="custom attribute" typed={false} />, { id: 'u1', customAttributes });
}

async function submittedAttributes(form: ReturnType<typeof renderAttributes>) {
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(form.submitted()).toBeDefined());
  return form.submitted()?.customAttributes;
}

describe('NamedValuesInput: a user\'s custom attributes (spec §3, §5)', () => {
  it('asks before deleting an attribute that holds a value, and keeps it when cancelled', async () => {
    const form = renderAttributes({ site: 'North', badge: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove custom attribute site' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the custom attribute site and its value?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'site' })).toHaveValue('North');

    await userEvent.click(screen.getByRole('button', { name: 'Remove custom attribute site' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'site' })).toBeNull());
    expect(await submittedAttributes(form)).toEqual({ badge: '' });
  });

  it('deletes an empty attribute without asking', async () => {
    const form = renderAttributes({ site: 'North', badge: '  ' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove custom attribute badge' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'badge' })).toBeNull();
    expect(await submittedAttributes(form)).toEqual({ site: 'North' });
  });

  it('adds an attribute named by prompt, ignoring an empty name and refusing a taken one', async () => {
    const form = renderAttributes({ site: 'North' });
    await userEvent.click(screen.getByRole('button', { name: 'Add custom attribute' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Custom attribute name' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('textbox')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add custom attribute' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Custom attribute name' }), 'site');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Custom attribute with the name site already exists')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Custom attribute name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'shift');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'shift' }), 'night');
    expect(await submittedAttributes(form)).toEqual({ site: 'North', shift: 'night' });
  });
});
