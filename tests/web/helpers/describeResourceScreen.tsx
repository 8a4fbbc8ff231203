import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type RaRecord } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceDefinition } from '../../../src/admin/mechanism/ResourceDefinition';
import { ResourceAdminPage } from '../../../src/admin/mechanism/ResourceAdminPage';
import { dataProvider } from '../../../src/platform/dataProvider';
import { i18nProvider } from '../../../src/platform/i18n';
import { AppNotification } from '../../../src/shared/ui/AppNotification';
import { DialogsProvider } from '../../../src/shared/ui/dialogs/DialogsProvider';
import { appTheme } from '../../../src/theme';
import { errorResponse, jsonResponse, unexpectedCalls, type ApiCall } from './mockApi';
import { serverList } from './serverList';

type Row = Record<string, unknown> & { _id: string };

/** Typed into inputs by their label ('Part number' → 'P-1'). */
type Typed = Readonly<Record<string, string>>;

/**
 * What a screen test of one declared resource needs, written by hand from its declaration (labels,
 * messages) and spec §8's patterns — never read from the screen under test.
 */
export interface ScreenSample {
  /** The declaration's label: 'Spare part' → 'New Spare part', 'Spare part created'. */
  label: string;
  /** The column headers the list shows. */
  headers: readonly string[];
  /** Records the list starts with. */
  rows?: readonly Row[];
  /** Name lists of the resources its references name (a part's vendors): what their columns and pickers read. */
  related?: Readonly<Record<string, readonly { _id: string; name: string }[]>>;
  /** Other reads the screen makes, by path: a configured choice's options (GET /api/config/choices/<key>). */
  answers?: Readonly<Record<string, unknown>>;
  /** What New asks (the name prompt's 'Name', or every required field of its dialog), typed. */
  create: Typed;
  /** A cell the created record's row shows, to find it by. */
  createdCell: string;
  /** The created record's Delete button: 'Delete <its label fields>'. */
  deleteButton: string;
  /** An input of the inline editor, what to type into it, and the cell that shows it saved. */
  edit: { input: string; typed: string; shown: string };
  /** Typed into an input of the editor, refused with the schema's message. */
  invalid: { input: string; typed: string; message: string };
  /** What Copy asks (a prompt's 'Name'; a dialog's fields the copy leaves empty), and a cell of the copy's row. */
  copy: Typed;
  copiedCell: string;
}

/** An in-memory /api/<entity> and the name lists of `related`, as the server answers them (DESIGN §3). */
function serveResource(entity: string, sample: ScreenSample) {
  let rows: Row[] = [...(sample.rows ?? [])];
  let next = 1;
  const base = `/api/${entity}`;
  const answer = (call: ApiCall): Response => {
    const [, , name, id, more] = call.path.split('/');
    if (call.method === 'GET' && sample.answers && call.path in sample.answers) return jsonResponse(200, sample.answers[call.path]);
    if (name !== entity) {
      const related = name ? sample.related?.[name] : undefined;
      if (related && id === undefined && call.method === 'GET') return serverList(name!, related)(call);
      unexpectedCalls.push(`${call.method} ${call.path}${call.search}`);
      return errorResponse(404, `No mock for ${call.method} ${call.path}`);
    }
    if (id === undefined) {
      if (call.method === 'GET') return serverList(entity, rows)(call);
      const created = { ...(call.body as Row), _id: `${entity}-${next++}`, updatedAt: Date.now() };
      rows = [...rows, created];
      return jsonResponse(200, created);
    }
    if (more === 'history') return jsonResponse(200, []);
    const found = rows.find((row) => row._id === id);
    if (!found) return errorResponse(404, 'Not found');
    if (call.method === 'GET') return jsonResponse(200, found);
    if (call.method === 'PUT') {
      const saved = { ...found, ...(call.body as Row), _id: found._id, updatedAt: Date.now() };
      rows = rows.map((row) => (row._id === found._id ? saved : row));
      return jsonResponse(200, saved);
    }
    rows = rows.filter((row) => row._id !== found._id);
    return jsonResponse(200, { _id: found._id, message: 'deleted' });
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return answer({ method: (init.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.search, headers: new Headers(init.headers), body });
  });
  return { rows: () => rows, base };
}

export function renderResourceScreen(definition: ResourceDefinition<RaRecord>) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} theme={appTheme}>
      <DialogsProvider>
        <ResourceAdminPage definition={definition} />
      </DialogsProvider>
      <AppNotification />
    </AdminContext>,
  );
}

export const rowWith = async (cell: string) => (await screen.findByRole('cell', { name: cell })).closest('tr') as HTMLElement;

/** Types each answer into the input labelled so, then confirms: a prompt's Confirm, a dialog's Save. */
async function answer(typed: Typed) {
  for (const [label, text] of Object.entries(typed)) {
    const input = await screen.findByRole('textbox', { name: label });
    await userEvent.clear(input);
    await userEvent.type(input, text);
  }
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).queryByRole('button', { name: 'Confirm' }) ?? within(dialog).getByRole('button', { name: 'Save' }));
}

/**
 * The screen every declared resource promises (issue 42 §5), generated from its web declaration
 * and a sample: the list with its columns; New asking what the record needs, then created; an
 * inline edit saved; a bad value refused with the schema's message; Copy; Delete after the
 * confirmation — each with spec §8's notice.
 */
export function describeResourceScreen(entity: string, definition: ResourceDefinition<RaRecord>, sample: ScreenSample) {
  describe(`${sample.label} screen (generated from its declaration)`, () => {
    let api: ReturnType<typeof serveResource>;
    beforeEach(() => {
      api = serveResource(entity, sample);
    });

    it('lists, creates, edits, refuses a bad value, copies and deletes, with the notices of spec §8', async () => {
      renderResourceScreen(definition);
      expect(await screen.findByRole('heading', { name: `${sample.label} management` })).toBeInTheDocument();
      const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
      for (const header of [...sample.headers, 'Actions']) expect(headers, header).toContain(header);

      await userEvent.click(screen.getByRole('button', { name: `New ${sample.label}` }));
      await answer(sample.create);
      expect(await screen.findByText(`${sample.label} created`)).toBeInTheDocument();
      const created = await rowWith(sample.createdCell);

      await userEvent.click(within(created).getAllByRole('button')[0] as HTMLElement);
      const invalid = await screen.findByRole('textbox', { name: sample.invalid.input });
      await userEvent.clear(invalid);
      await userEvent.type(invalid, sample.invalid.typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(sample.invalid.message)).toBeInTheDocument();
      await userEvent.clear(invalid);
      const edited = screen.getByRole('textbox', { name: sample.edit.input });
      await userEvent.clear(edited);
      await userEvent.type(edited, sample.edit.typed);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(`${sample.label} updated`)).toBeInTheDocument();
      await waitFor(async () => expect(within(await rowWith(sample.createdCell)).getByRole('cell', { name: sample.edit.shown })).toBeInTheDocument());

      await userEvent.click(within(await rowWith(sample.createdCell)).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: `Copy ${sample.label}` }));
      await answer(sample.copy);
      expect(await screen.findByText(`${sample.label} copied`)).toBeInTheDocument();
      expect(within(await rowWith(sample.copiedCell)).getByRole('cell', { name: sample.edit.shown })).toBeInTheDocument();

      await userEvent.click(within(await rowWith(sample.createdCell)).getByRole('button', { name: sample.deleteButton }));
      const confirmation = await screen.findByRole('dialog');
      expect(within(confirmation).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
      await userEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText(`${sample.label} deleted`)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('cell', { name: sample.createdCell })).toBeNull());
      expect(api.rows().some((row) => Object.values(row).includes(sample.copiedCell))).toBe(true);
    }, 90_000);
  });
}
