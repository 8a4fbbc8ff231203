import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { codeEditorView, replaceCode } from '../helpers/codeEditor';

const script = {
  _id: 's-200',
  name: 'Overdue inspections',
  description: '',
  code: 'const rows = [];\nreturn rows;',
  createdAt: 1,
  updatedAt: 2,
};

const scriptError = (status: number, message: string) => jsonResponse(status, { response: 'error', message, errors: { script: message } });

async function openScript(run: (call: ApiCall) => Response | Promise<Response>) {
  const api = openAdminScreen('/home/scriptManagement', ['manage-script'], {
    'GET /api/script': () => jsonResponse(200, [{ _id: script._id, name: script.name }]),
    'GET /api/script/s-200': () => jsonResponse(200, script),
    'GET /api/script/s-200/history': () => jsonResponse(200, []),
    'POST /api/script/run': run,
  });
  const row = (await screen.findByText('Overdue inspections')).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'Expand' }));
  // The editor arrives in its own lazily loaded chunk.
  await screen.findByRole('textbox', { name: 'Code' });
  return api;
}

const inputField = () => screen.getByRole('textbox', { name: 'Input (JSON)' });

async function setInput(text: string) {
  await userEvent.clear(inputField());
  // user-event reads { and [ as key descriptors; doubled they are typed as text.
  await userEvent.type(inputField(), text.replace(/[{[]/g, (bracket) => bracket + bracket));
}

describe('Script run preview (DESIGN §7: a run preview against live data)', { timeout: 40_000 }, () => {
  it('runs the code now in the editor with the parsed input and shows value, table, logs and duration', async () => {
    const value = {
      fields: [
        { heading: 'Asset', dataField: 'name' },
        { heading: 'Due', dataField: 'due' },
      ],
      data: Array.from({ length: 25 }, (_, index) => ({ name: `Pump ${index + 1}`, due: index })),
    };
    const api = await openScript(() => jsonResponse(200, { value, logs: ['found 25 rows', 'done'], durationMs: 12.4 }));

    replaceCode('log("x");\nreturn input.site;');
    await setInput('{"site": "North", "limit": 5}');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Ran in 12 ms')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/script/run').map((call) => call.body)).toEqual([
      { code: 'log("x");\nreturn input.site;', input: { site: 'North', limit: 5 } },
    ]);
    expect(screen.getByLabelText('Result')).toHaveTextContent('"heading": "Asset"');
    expect(screen.getByLabelText('Logs')).toHaveTextContent('found 25 rows done');
    const table = screen.getByRole('region', { name: 'Table preview' });
    expect(within(table).getByText('Table preview: 20 of 25 rows')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Asset' })).toBeInTheDocument();
    expect(within(table).getByText('Pump 20')).toBeInTheDocument();
    expect(within(table).queryByText('Pump 21')).not.toBeInTheDocument();
  });

  it('shows a 422 message in an alert, marks its line, and keeps the user signed in', async () => {
    await openScript(() => scriptError(422, 'ReferenceError: nope is not defined (line 2)'));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ReferenceError: nope is not defined (line 2)');
    await waitFor(() => expect(document.querySelectorAll('.cm-errorLine')).toHaveLength(1));
    expect(document.querySelector('.cm-errorLine')).toHaveTextContent('return rows;');
    expect(codeEditorView().state.selection.main.head).toBe(codeEditorView().state.doc.line(2).from);
    // Still on the screen with the session kept: a script error is not an access error.
    expect(screen.getByTestId('location')).toHaveTextContent('/home/scriptManagement');
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();

    // Editing the code clears the mark.
    replaceCode('return 1;');
    expect(document.querySelectorAll('.cm-errorLine')).toHaveLength(0);
  });

  it('takes the line and the logs from the error body when the server gives them', async () => {
    await openScript(() =>
      jsonResponse(422, { response: 'error', message: 'Error: boom', errors: { script: 'Error: boom' }, kind: 'runtime', line: 1, logs: ['before boom'] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: boom');
    expect(screen.getByLabelText('Logs')).toHaveTextContent('before boom');
    await waitFor(() => expect(document.querySelector('.cm-errorLine')).toHaveTextContent('const rows = [];'));
  });

  it('shows the time limit (504) message without signing out', async () => {
    await openScript(() => scriptError(504, 'Script time limit of 2000 ms exceeded'));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Script time limit of 2000 ms exceeded');
    expect(screen.getByTestId('location')).toHaveTextContent('/home/scriptManagement');
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });

  it('sends nothing when the input is not a JSON object, and says so inline', async () => {
    const api = await openScript(() => jsonResponse(200, { value: 1, logs: [], durationMs: 1 }));
    await setInput('{"site": ');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The input must be a JSON object, e.g. {}')).toBeInTheDocument();
    expect(inputField()).toHaveAttribute('aria-invalid', 'true');

    await setInput('[1, 2]');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByText('The input must be a JSON object, e.g. {}')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/script/run')).toHaveLength(0);
  });

  it('disables Run while the call is out', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = await openScript(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    const running = await screen.findByRole('button', { name: 'Running…' });
    expect(running).toBeDisabled();
    expect(api.callsTo('POST', '/api/script/run')[0]?.body).toEqual({ code: script.code, input: {} });
    answer(jsonResponse(200, { value: null, logs: [], durationMs: 3 }));
    expect(await screen.findByRole('button', { name: 'Run' })).toBeEnabled();
    expect(screen.getByText('No logs')).toBeInTheDocument();
    expect(screen.getByLabelText('Result')).toHaveTextContent('null');
  });

  it('lets Tab indent in the editor and Escape then Tab leave it to the browser (focus moves on)', async () => {
    await openScript(() => jsonResponse(200, { value: 1, logs: [], durationMs: 1 }));
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveAccessibleDescription(/Escape, then Tab/);
    code.focus();
    // user-event sends no keyCode, which CodeMirror's Escape-then-Tab rule reads: fire real-looking keys.
    const tab = () => fireEvent.keyDown(code, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(tab()).toBe(false); // handled by the editor: indents, focus stays
    expect(codeEditorView().state.doc.line(1).text).toMatch(/^\s+const rows = \[\];$/);
    fireEvent.keyDown(code, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const before = codeEditorView().state.doc.toString();
    expect(tab()).toBe(true); // not prevented: the browser moves focus to the next field
    expect(codeEditorView().state.doc.toString()).toBe(before);
  });
});
