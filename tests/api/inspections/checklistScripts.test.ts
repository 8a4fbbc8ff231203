import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok } from '../administration/adminApi';
import { alertsOf, submit } from './inspectionFixture';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON in these tests */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** DESIGN §7: a checklist's scripts run after its inspection is stored, in the sandbox. */
describe('checklist scripts', () => {
  it('run after the submit with the stored inspection as input, and may raise an alert', async () => {
    const api = adminApi(t);
    const attribute = await api.create('attribute', { name: 'Drop', type: 'number' });
    const rule = await api.create('script', {
      name: 'Pressure rule',
      code: `const reading = input.attributeData.find((d) => d.attribute === '${attribute._id}');
if (reading && reading.value > 3) write.createAlert({ asset: input.asset, inspection: input._id, level: 'low', message: 'Drop ' + reading.value + ' by ' + input.user.length });
return null;`,
    });
    const broken = await api.create('script', { name: 'Broken rule', code: 'throw new Error("no")' });
    const checklist = await api.create('checklist', {
      name: 'Scripted',
      scripts: [broken._id, rule._id],
      checklistItems: [{ attribute: attribute._id, sequenceId: 1, threshold: null, showMandatoryIndicator: false }],
    });
    const asset = await api.create('asset', { name: 'Scripted asset', identification: 'SCRIPTED', checklists: [checklist._id] });

    const quiet = ok(await submit(t, asset._id, { [checklist._id]: { [attribute._id]: 1 } }));
    expect(quiet.alerts).toEqual([]);
    const loud = ok(await submit(t, asset._id, { [checklist._id]: { [attribute._id]: 5 } }));
    // No threshold: the submit itself raises nothing; the script does, just after.
    expect(loud.alerts).toEqual([]);
    await expect.poll(async () => (await alertsOf(t, asset._id)).length, { timeout: 5000, interval: 100 }).toBe(1);
    const [alert] = (await alertsOf(t, asset._id)) as any[];
    expect(alert).toMatchObject({ inspection: loud.inspections[0], levelName: 'Low', message: 'Drop 5 by 24' });
  });
});
