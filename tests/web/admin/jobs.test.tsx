import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';

const scripts = [{ _id: 's1', name: 'Overdue schedules' }];
const hourly = { _id: 'j1', name: 'Overdue check', cronExpression: '0 * * * *', active: true, script: 's1', createdAt: 1, updatedAt: 2 };
const weekly = { _id: 'j2', name: 'Weekly plan', cronExpression: '0 6 * * 1', active: false, script: null, createdAt: 1, updatedAt: 2 };
const runs = [
  { _id: 'r2', job: 'j1', tick: 1_736_150_400_000, startedAt: 1_736_150_400_100, durationMs: 42, outcome: 'error', error: 'TypeError: x is undefined (line 3)', summary: null },
  { _id: 'r1', job: 'j1', tick: 1_736_146_800_000, startedAt: 1_736_146_800_100, durationMs: 17, outcome: 'ok', error: null, summary: { alerts: ['a1'] } },
];

function open(answers = {}) {
  return openAdminScreen('/home/jobManagement', ['manage-job'], {
    'GET /api/job': () => jsonResponse(200, [weekly, hourly]),
    'GET /api/job/j1': () => jsonResponse(200, hourly),
    'GET /api/job/j1/history': () => jsonResponse(200, []),
    'GET /api/job/j1/runs': () => jsonResponse(200, runs),
    'GET /api/script': serverList('script', scripts),
    ...answers,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Job management (spec §2.9)', () => {
  it('lists Job, CRON Expression (GMT), Active and Script by name', async () => {
    open();
    await rowOf('Overdue check');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Job', 'CRON Expression (GMT)', 'Active', 'Script', 'Actions']) expect(headers.some((h) => h?.includes(label))).toBe(true);
    expect(within(await rowOf('Overdue check')).getByText('Overdue schedules')).toBeInTheDocument();
    expect(within(await rowOf('Overdue check')).getByText('Yes')).toBeInTheDocument();
    expect(within(await rowOf('Weekly plan')).getByText('No')).toBeInTheDocument();
  });

  it("creates from New Job with an inactive hourly body and says 'Job created'", async () => {
    const api = open({ 'POST /api/job': (call: ApiCall) => jsonResponse(200, { _id: 'j3', ...(call.body as object) }) });
    await rowOf('Overdue check');
    await userEvent.click(screen.getByRole('button', { name: 'New Job' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Night job');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/job').map((c) => c.body)).toEqual([{ name: 'Night job', cronExpression: '0 * * * *', active: false, script: null }]);
  });

  it("says 'Job copying failed' when a copy is refused", async () => {
    open({ 'POST /api/job': () => errorResponse(409, 'Job with the name "Weekly plan" already exists') });
    await userEvent.click(within(await rowOf('Overdue check')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Job' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Weekly plan');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Job copying failed')).toBeInTheDocument();
  });

  it('reads the cron expression in English as it is typed, or says why it is invalid, and saves', async () => {
    const api = open({ 'PUT /api/job/j1': (call: ApiCall) => jsonResponse(200, { ...hourly, ...(call.body as object), updatedAt: 3 }) });
    await userEvent.click(within(await rowOf('Overdue check')).getByRole('button', { name: 'Expand' }));
    const cron = await screen.findByRole('textbox', { name: 'CRON Expression (GMT)' });
    expect(screen.getByTestId('cron-reading')).toHaveTextContent('Every hour');
    await userEvent.clear(cron);
    await userEvent.type(cron, '61 * * * *');
    expect(screen.getByTestId('cron-reading')).toHaveTextContent('cronExpression is not a valid cron expression: Invalid value for minute: 61');
    await userEvent.clear(cron);
    await userEvent.type(cron, '*/5 * * * *');
    expect(screen.getByTestId('cron-reading')).toHaveTextContent('Every 5 minutes');
    await userEvent.clear(cron);
    await userEvent.type(cron, '0 6 * * 1');
    expect(screen.getByTestId('cron-reading')).toHaveTextContent('At 06:00 GMT on Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/job/j1').map((c) => c.body)).toEqual([expect.objectContaining({ cronExpression: '0 6 * * 1', active: true, script: 's1' })]);
  });

  it('shows the run log and runs the job now', async () => {
    const api = open({ 'POST /api/job/j1/run': () => jsonResponse(200, { ...runs[1], _id: 'r3' }) });
    await userEvent.click(within(await rowOf('Overdue check')).getByRole('button', { name: 'Expand' }));
    const log = await screen.findByRole('table', { name: 'Runs' });
    const cells = within(log).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((c) => c.textContent));
    expect(cells).toEqual([
      ['42 ms', 'Error', 'TypeError: x is undefined (line 3)'],
      ['17 ms', 'OK', ''],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Job ran')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/job/j1/run')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/job/j1/runs').length).toBeGreaterThanOrEqual(2);
  });
});
