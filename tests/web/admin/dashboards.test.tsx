import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardSchema, type DashboardRecord } from '../../../common/resources/dashboard';
import { openAdminScreen } from '../helpers/adminScreen';
import { jsonResponse, type ApiCall } from '../helpers/mockApi';

const plantOverview = {
  _id: 'd1',
  name: 'Plant overview',
  filters: [
    { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '30', values: '1,7,30,90' } },
    { name: 'site', type: 'select', options: { placeholder: 'Any site', label: 'Site', defaultValue: 'North', values: 'North,South' } },
  ],
  sections: [
    {
      title: 'Alerts',
      sequenceId: 2,
      filters: ['period', 'site'],
      items: [
        { _id: 'i2', widget: 'w2', width: 8, height: 300, sequenceId: 2 },
        { _id: 'i1', widget: 'w1', width: 4, height: 200, sequenceId: 1 },
      ],
    },
    { title: 'Overview', sequenceId: 1, filters: ['period'], items: [] },
  ],
  createdAt: 10,
  updatedAt: 20,
};
const dashboards = [
  { _id: 'd2', name: 'Alarm board' },
  { _id: 'd1', name: 'Plant overview' },
];
const roles = [
  { _id: 'r2', name: 'ROLE_SUPERUSER', dashboard: 'd1' },
  { _id: 'r1', name: 'ROLE_ENGINEER', dashboard: 'd1' },
  { _id: 'r3', name: 'ROLE_TECHNICIAN', dashboard: null },
];
const widgets = [
  { _id: 'w2', name: 'Alerts by level', type: 'chart' },
  { _id: 'w1', name: 'Open alerts', type: 'string' },
];

/** The stored dashboard as the server keeps it: a save changes what the next read answers. */
function open(answers: Record<string, (call: ApiCall) => Response> = {}) {
  let record: Record<string, unknown> = { ...plantOverview };
  return openAdminScreen('/home/dashbordManagement', ['manage-dashboard'], {
    'GET /api/dashboard': () => jsonResponse(200, dashboards),
    'GET /api/role': () => jsonResponse(200, roles),
    'GET /api/widget': () => jsonResponse(200, widgets),
    'GET /api/dashboard/d1': () => jsonResponse(200, record),
    'GET /api/dashboard/d1/history': () => jsonResponse(200, []),
    'PUT /api/dashboard/d1': (call) => {
      record = { ...record, ...(call.body as object), updatedAt: Number(record.updatedAt) + 1 };
      return jsonResponse(200, record);
    },
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td' })).closest('tr') as HTMLElement;
const filterBox = (name: string) => screen.getByRole('group', { name: `Filter ${name}` });
const sectionTitles = () => screen.getAllByTestId('dashboard-section').map((section) => within(section).getByRole('textbox', { name: 'Title' }).getAttribute('value'));
const itemNames = (section: HTMLElement) => within(section).queryAllByTestId('dashboard-item').map((item) => item.getAttribute('aria-label'));

async function expandPlantOverview() {
  await userEvent.click(within(await rowOf('Plant overview')).getByRole('button', { name: 'Expand' }));
  await screen.findByRole('region', { name: 'Sections' });
  // Items are named by their widget once the widgets have loaded.
  await screen.findByRole('group', { name: 'Open alerts' });
}

async function prompt(button: HTMLElement, answer: string) {
  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog');
  if (answer) await userEvent.type(within(dialog).getByRole('textbox'), answer);
  return dialog;
}

async function confirmDeletion(button: HTMLElement, answer: 'Cancel' | 'Delete') {
  await userEvent.click(button);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Saves, checks the body against the schema the server validates with, and answers it. */
async function savedBody(api: ReturnType<typeof open>): Promise<DashboardRecord> {
  const before = api.callsTo('PUT', '/api/dashboard/d1').length;
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.callsTo('PUT', '/api/dashboard/d1')).toHaveLength(before + 1));
  expect(await screen.findAllByText('Dashboard updated')).not.toHaveLength(0);
  const body = api.callsTo('PUT', '/api/dashboard/d1').at(-1)?.body as DashboardRecord;
  await expect(dashboardSchema.validate(body, { strict: true })).resolves.toBeDefined();
  return body;
}

describe('Dashboard management (spec §2.9: Dashboard, Roles, Actions; New Dashboard, Copy Dashboard)', () => {
  it('lists each dashboard with the roles showing it, each a link to Role management', async () => {
    const api = open();
    const row = await rowOf('Plant overview');
    await waitFor(() => expect(within(row).getAllByRole('link').map((link) => link.textContent)).toEqual(['ROLE_ENGINEER', 'ROLE_SUPERUSER']));
    expect(within(row).getByRole('link', { name: 'ROLE_ENGINEER' })).toHaveAttribute('href', '/home/roleManagement');
    expect(within(await rowOf('Alarm board')).queryAllByRole('link')).toHaveLength(0);
    for (const heading of ['Dashboard', 'Roles', 'Actions']) expect(screen.getByRole('columnheader', { name: new RegExp(`^${heading}`) })).toBeInTheDocument();
    expect(new URLSearchParams(api.callsTo('GET', '/api/dashboard')[0]?.search).get('fields')).toBe('name');
    expect(new URLSearchParams(api.callsTo('GET', '/api/role')[0]?.search).get('fields')).toBe('name,dashboard');
  });

  it("creates from the New Dashboard prompt and copies the whole selected one under a new name", async () => {
    const api = open({ 'POST /api/dashboard': (call) => jsonResponse(200, { _id: 'd3', filters: [], sections: [], ...(call.body as object) }) });
    const row = await rowOf('Plant overview');
    await prompt(screen.getByRole('button', { name: 'New Dashboard' }), 'Energy');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Dashboard created')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('checkbox'));
    await prompt(screen.getByRole('button', { name: 'Copy Dashboard' }), 'Plant overview (night)');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Dashboard copied')).toBeInTheDocument();
    const { _id: _i, createdAt: _c, updatedAt: _u, name: _n, ...copied } = plantOverview;
    expect(api.callsTo('POST', '/api/dashboard').map((c) => c.body)).toEqual([{ name: 'Energy' }, { ...copied, name: 'Plant overview (night)' }]);
  });

  it('adds filters and filter options named by prompt, refusing blank and taken names', async () => {
    const api = open();
    await expandPlantOverview();
    // The known options first, then the others.
    expect(within(filterBox('site')).getAllByRole('textbox').map((box) => box.getAttribute('value'))).toEqual(['Site', 'North', 'North,South', 'Any site']);
    expect(within(filterBox('period')).getByText('30 days')).toBeInTheDocument();

    await prompt(screen.getByRole('button', { name: 'Add filter' }), 'site');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A filter named site already exists')).toBeInTheDocument();
    expect(screen.getAllByTestId('dashboard-filter')).toHaveLength(2);

    await prompt(screen.getByRole('button', { name: 'Add filter' }), 'area');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const area = await screen.findByRole('group', { name: 'Filter area' });
    await userEvent.clear(within(area).getByRole('textbox', { name: 'values' }));
    await userEvent.type(within(area).getByRole('textbox', { name: 'values' }), 'Hall 1,Hall 2');
    await userEvent.type(within(area).getByRole('textbox', { name: 'defaultValue' }), 'Hall 3');
    expect(within(area).getByText('Not one of the values')).toBeInTheDocument();
    await userEvent.clear(within(area).getByRole('textbox', { name: 'defaultValue' }));
    await userEvent.type(within(area).getByRole('textbox', { name: 'defaultValue' }), 'Hall 2');

    // Spec §5: a filter option name must be non-blank; the prompt cannot be confirmed blank.
    const dialog = await prompt(within(area).getByRole('button', { name: 'Add option to area' }), '   ');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await prompt(within(area).getByRole('button', { name: 'Add option to area' }), 'label');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Option with the name label already exists')).toBeInTheDocument();
    await prompt(within(area).getByRole('button', { name: 'Add option to area' }), 'placeholder');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.type(await within(area).findByRole('textbox', { name: 'placeholder' }), 'Any hall');

    const body = await savedBody(api);
    expect(body.filters).toEqual([
      ...plantOverview.filters,
      { name: 'area', type: 'select', options: { label: 'area', defaultValue: 'Hall 2', values: 'Hall 1,Hall 2', placeholder: 'Any hall' } },
    ]);
  }, 40_000);

  it('asks before deleting a filter or a filter option; a deleted or renamed filter leaves or follows the sections', async () => {
    const api = open();
    await expandPlantOverview();
    await confirmDeletion(within(filterBox('site')).getByRole('button', { name: 'Delete option placeholder of site' }), 'Cancel');
    expect(within(filterBox('site')).getByRole('textbox', { name: 'placeholder' })).toBeInTheDocument();
    await confirmDeletion(within(filterBox('site')).getByRole('button', { name: 'Delete option placeholder of site' }), 'Delete');
    expect(within(filterBox('site')).queryByRole('textbox', { name: 'placeholder' })).toBeNull();

    await confirmDeletion(screen.getByRole('button', { name: 'Delete filter site' }), 'Cancel');
    expect(screen.getAllByTestId('dashboard-filter')).toHaveLength(2);
    await confirmDeletion(screen.getByRole('button', { name: 'Delete filter site' }), 'Delete');
    expect(screen.getAllByTestId('dashboard-filter')).toHaveLength(1);

    const rename = await prompt(screen.getByRole('button', { name: 'Rename filter period' }), '');
    const name = within(rename).getByRole('textbox');
    await userEvent.clear(name);
    await userEvent.type(name, 'days');
    await userEvent.click(within(rename).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('group', { name: 'Filter days' });

    const body = await savedBody(api);
    expect(body.filters).toEqual([{ name: 'days', type: 'date-range', options: { label: 'Period', defaultValue: '30', values: '1,7,30,90' } }]);
    expect(body.sections.map((section) => section.filters)).toEqual([['days'], ['days']]);
  }, 40_000);

  it('shows sections and items in sequence order and moves them by swapping sequence ids', async () => {
    const api = open();
    await expandPlantOverview();
    expect(sectionTitles()).toEqual(['Overview', 'Alerts']);
    const alerts = screen.getByRole('group', { name: 'Alerts' });
    expect(itemNames(alerts)).toEqual(['Open alerts', 'Alerts by level']);

    await userEvent.click(screen.getByRole('button', { name: 'Move Alerts up' }));
    expect(sectionTitles()).toEqual(['Alerts', 'Overview']);
    await userEvent.click(within(alerts).getByRole('button', { name: 'Move Alerts by level up' }));
    expect(itemNames(alerts)).toEqual(['Alerts by level', 'Open alerts']);

    const body = await savedBody(api);
    expect(body.sections.map((section) => [section.title, section.sequenceId])).toEqual([
      ['Alerts', 1],
      ['Overview', 2],
    ]);
    expect(body.sections[0]?.items.map((item) => [item._id, item.sequenceId])).toEqual([
      ['i2', 1],
      ['i1', 2],
    ]);
  });

  it('adds a section and an item of the default size, and asks before deleting either', async () => {
    const api = open();
    await expandPlantOverview();
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    const added = screen.getByRole('group', { name: 'Section 3' });
    await userEvent.type(within(added).getByRole('textbox', { name: 'Title' }), 'Energy');
    await userEvent.click(within(added).getByRole('combobox', { name: /^Filters/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'site' }));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(added).getByRole('button', { name: 'Add item' }));
    expect(within(added).getByRole('spinbutton', { name: 'Width' })).toHaveValue(4);
    expect(within(added).getByRole('spinbutton', { name: 'Height (px)' })).toHaveValue(300);
    await userEvent.click(within(added).getByRole('combobox', { name: /^Widget/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Open alerts/ }));
    await userEvent.clear(within(added).getByRole('spinbutton', { name: 'Width' }));
    await userEvent.type(within(added).getByRole('spinbutton', { name: 'Width' }), '13');
    expect(within(added).getByText('1–12')).toBeInTheDocument();
    await userEvent.clear(within(added).getByRole('spinbutton', { name: 'Width' }));
    await userEvent.type(within(added).getByRole('spinbutton', { name: 'Width' }), '6');

    const alerts = screen.getByRole('group', { name: 'Alerts' });
    await confirmDeletion(within(alerts).getByRole('button', { name: 'Delete Alerts by level' }), 'Cancel');
    expect(itemNames(alerts)).toEqual(['Open alerts', 'Alerts by level']);
    await confirmDeletion(within(alerts).getByRole('button', { name: 'Delete Alerts by level' }), 'Delete');
    expect(itemNames(alerts)).toEqual(['Open alerts']);

    await confirmDeletion(screen.getByRole('button', { name: 'Delete section Overview' }), 'Cancel');
    expect(sectionTitles()).toEqual(['Overview', 'Alerts', 'Energy']);
    await confirmDeletion(screen.getByRole('button', { name: 'Delete section Overview' }), 'Delete');
    expect(sectionTitles()).toEqual(['Alerts', 'Energy']);

    const body = await savedBody(api);
    expect(body.sections).toEqual([
      { title: 'Alerts', sequenceId: 2, filters: ['period', 'site'], items: [{ _id: 'i1', widget: 'w1', width: 4, height: 200, sequenceId: 1 }] },
      // A new item goes without _id: the server gives it one.
      { title: 'Energy', sequenceId: 3, filters: ['site'], items: [{ widget: 'w1', width: 6, height: 300, sequenceId: 1 }] },
    ]);
  }, 40_000);

  it('does not save an item without a widget and says it is required', async () => {
    const api = open();
    await expandPlantOverview();
    const overview = screen.getByRole('group', { name: 'Overview' });
    await userEvent.click(within(overview).getByRole('button', { name: 'Add item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(overview).findByText('Required.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/dashboard/d1')).toHaveLength(0);
  });
});
