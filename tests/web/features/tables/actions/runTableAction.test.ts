import { describe, expect, it, vi } from 'vitest';
import { runTableAction, type TableActionContext, type TableActionHost } from '../../../../../src/features/tables/actions/runTableAction';

const context: TableActionContext = {
  rows: [{ _id: 'a1' }, { _id: 'a2' }, { _id: 'a3' }],
  selected: [{ _id: 'a1' }, { _id: 'a3' }],
  filters: { status: 'open' },
  table: { name: 'Alerts', type: 'alert' },
};

function fakeHost(overrides: Partial<TableActionHost> = {}) {
  return {
    http: vi.fn(async () => ({ ok: true })),
    notify: vi.fn(),
    refresh: vi.fn(),
    navigate: vi.fn(),
    confirm: vi.fn(async () => true),
    prompt: vi.fn(async () => 'a remark'),
    ...overrides,
  } satisfies TableActionHost;
}

describe('table actions run in QuickJS (DESIGN §7)', () => {
  it('see the rows, the selection and the filters, and await the page through the host', async () => {
    const host = fakeHost({ http: vi.fn(async () => ({ resolved: 2 })) });
    await runTableAction(
      `const remark = await prompt('Remark');
       const answer = await http.post('/alert/resolve', { remark, ids: selected.map((r) => r._id) });
       notify(answer.resolved + ' of ' + rows.length + ' resolved (' + filters.status + ', ' + table.name + ')', 'success');
       refresh();`,
      context,
      host,
    );
    expect(host.prompt).toHaveBeenCalledWith('Remark', { required: false });
    expect(host.http).toHaveBeenCalledWith('POST', '/alert/resolve', { remark: 'a remark', ids: ['a1', 'a3'] });
    expect(host.notify).toHaveBeenCalledWith('2 of 3 resolved (open, Alerts)', 'success');
    expect(host.refresh).toHaveBeenCalledTimes(1);
  });

  it('has none of the page: window, document, fetch and localStorage are not there', async () => {
    const host = fakeHost();
    await runTableAction(`notify([typeof window, typeof document, typeof fetch, typeof localStorage, typeof globalThis.location].join(','));`, context, host);
    expect(host.notify).toHaveBeenCalledWith('undefined,undefined,undefined,undefined,undefined', 'info');
  });

  it("rejects with the script's error and its line", async () => {
    await expect(runTableAction(`const x = 1;\nthrow new Error('No alerts chosen');`, context, fakeHost())).rejects.toThrow(/No alerts chosen \(line 2\)/);
    await expect(runTableAction(`this is not javascript`, context, fakeHost())).rejects.toThrow(/SyntaxError|expecting|unexpected/i);
  });

  it('passes a refused request on to the script as an error it can catch', async () => {
    const host = fakeHost({ http: vi.fn(async () => Promise.reject(new Error('remark must not be blank'))) });
    await runTableAction(`try { await http.post('/alert/resolve', {}); } catch (e) { notify('caught: ' + e.message, 'error'); }`, context, host);
    expect(host.notify).toHaveBeenCalledWith('caught: remark must not be blank', 'error');
  });

  it('stops a script that loops forever', async () => {
    await expect(runTableAction(`while (true) {}`, context, fakeHost())).rejects.toThrow(/time limit of 2000 ms/);
  });

  it('stops a loop that starts after an await, too', async () => {
    await expect(runTableAction(`await http.get('/alert'); for (;;) {}`, context, fakeHost())).rejects.toThrow(/time limit/);
  });

  it('refuses to navigate away from the application or to call other sites', async () => {
    const host = fakeHost();
    await expect(runTableAction(`await navigate('https://evil.example/phish');`, context, host)).rejects.toThrow(/path of this application/);
    await expect(runTableAction(`await http.get('https://evil.example/steal');`, context, host)).rejects.toThrow(/path of this application/);
    expect(host.navigate).not.toHaveBeenCalled();
    expect(host.http).not.toHaveBeenCalled();
    await runTableAction(`await navigate('/home/alert/table');`, context, host);
    expect(host.navigate).toHaveBeenCalledWith('/home/alert/table');
  });

  it('ends cleanly when the script does not wait for a call it made', async () => {
    const never = new Promise<unknown>(() => undefined);
    const host = fakeHost({ http: vi.fn(() => never) });
    await runTableAction(`http.get('/alert'); notify('done');`, context, host);
    expect(host.notify).toHaveBeenCalledWith('done', 'info');
  });
});
