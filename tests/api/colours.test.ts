import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { adminApi, expectError, ok, type Doc } from './administration/adminApi';

/**
 * Issue 16 §4: colours reach CSS as given, so `red;background-image:url(http://…)` would load an
 * outside URL on every view. Colour fields take CSS colours only (400 naming the field); colours a
 * script returns are dropped before they reach the page when they are not colours.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

const INJECTION = 'red;background-image:url(http://evil.example/beacon.gif)';
const COLOURS = ['#ef5350', '#fff', 'red', 'Transparent', 'rgb(255, 0, 0)', 'rgba(0,0,0,0.5)', 'hsl(120, 50%, 50%)', 'currentColor'];
const NOT_COLOURS = [INJECTION, 'url(http://evil.example/a.png)', 'red ', 'expression(alert(1))', 'var(--x)', 'primary', 'rgb(1,2,3);x'];

let counter = 0;
async function scriptWith(code: string): Promise<Doc> {
  counter += 1;
  return api.create('script', { name: `Colour test script ${counter}`, code });
}

describe('widget options.color', () => {
  it('answers 400 naming options.color for anything but a CSS colour, on create and update, and stores nothing', async () => {
    for (const color of NOT_COLOURS) {
      const refused = expectError(await api.post('/widget', { name: `Colourful ${color}`, type: 'string', options: { color } }), 400, 'options.color');
      expect(refused.errors?.['options.color']).toBe('options.color must be a CSS colour: a name such as red, #rrggbb, rgb(…) or hsl(…)');
    }
    expect((await api.list('widget', { fields: 'name' })).filter((widget) => String(widget.name).startsWith('Colourful'))).toEqual([]);

    const widget = await api.create('widget', { name: 'Colour widget', type: 'string', options: { color: '#42a5f5' } });
    expectError(await api.put(`/widget/${widget._id}`, { options: { color: INJECTION } }), 400, 'options.color');
    expectError(await api.put(`/widget/${widget._id}`, { options: { color: 12 } }), 400, 'options.color');
    expect(ok<Doc>(await api.get(`/widget/id/${widget._id}`)).options).toEqual({ color: '#42a5f5' });
  });

  it('takes CSS colours, and a blank colour as none', async () => {
    const widget = await api.create('widget', { name: 'Colour widget 2', type: 'progress' });
    for (const color of [...COLOURS, '']) {
      expect(ok<Doc>(await api.put(`/widget/${widget._id}`, { options: { color, label: INJECTION } })).options).toEqual({ color, label: INJECTION });
    }
  });
});

describe('user banner.color', () => {
  it('answers 400 naming banner.color for anything but a CSS colour and keeps the banner as it was', async () => {
    const user = ok<Doc>(await api.post('/user', { username: 'colour.banner' }));
    const url = `/user/updateByUserAdministration/${user._id}`;
    ok(await api.put(url, { banner: { color: '#0d47a1', message: '<b>Shutdown</b> on Friday' } }));
    for (const color of NOT_COLOURS) {
      const refused = expectError(await api.put(url, { banner: { color, message: 'Changed' } }), 400, 'banner.color');
      expect(refused.errors?.['banner.color']).toBe('banner.color must be a CSS colour: a name such as red, #rrggbb, rgb(…) or hsl(…)');
    }
    expect(ok<Doc>(await api.get(`/user/${user._id}`)).banner).toEqual({ color: '#0d47a1', message: '<b>Shutdown</b> on Friday' });
    for (const color of [...COLOURS, '']) expect(ok<Doc>(await api.put(url, { banner: { color, message: 'Hi' } })).banner).toEqual({ color, message: 'Hi' });
  });
});

describe('colours from scripts', () => {
  const ROWS = `[
    { _id: 'a', name: 'bad', level: { name: 'High', color: '${INJECTION}' }, severityLevel: { text: 'High', color: '${INJECTION}' } },
    { _id: 'b', name: 'text level', level: 'Amber;background:url(http://evil.example/l.png)' },
    { _id: 'c', name: 'good', level: { name: 'Low', color: '#388e3c' }, severityLevel: { text: 'Low', color: 'rgb(56, 142, 60)' } },
    { _id: 'd', name: 'colour level', level: '#d32f2f' },
  ]`;

  it('drops a table row colour or action colour that is not a CSS colour, and keeps colours and palette names', async () => {
    const script = await scriptWith(`return {
      name: 'Coloured', fields: [{ heading: 'Name', dataField: 'name' }], data: ${ROWS},
      customActions: [
        { name: 'Bad', color: '${INJECTION}', clickFunctionName: 'a', functionBody: '' },
        { name: 'Themed', color: 'primary', clickFunctionName: 'b', functionBody: '' },
        { name: 'Hex', color: '#00ff00', clickFunctionName: 'c', functionBody: '' },
      ],
      bulkActions: [{ name: 'Bulk bad', color: 'url(http://evil.example/b.png)', clickFunctionName: 'd', functionBody: '' }],
    };`);
    const table = await api.create('table', { name: 'Coloured table', type: 'asset', script: script._id });
    const definition = ok<Doc>(await api.get(`/table/${table._id}`, 'engineer'));
    expect(definition.data).toEqual([
      { _id: 'a', name: 'bad', level: { name: 'High' }, severityLevel: { text: 'High' } },
      { _id: 'b', name: 'text level', level: { name: 'Amber;background:url(http://evil.example/l.png)' } },
      { _id: 'c', name: 'good', level: { name: 'Low', color: '#388e3c' }, severityLevel: { text: 'Low', color: 'rgb(56, 142, 60)' } },
      { _id: 'd', name: 'colour level', level: '#d32f2f' },
    ]);
    expect(definition.customActions).toEqual([
      { name: 'Bad', clickFunctionName: 'a', functionBody: '' },
      { name: 'Themed', color: 'primary', clickFunctionName: 'b', functionBody: '' },
      { name: 'Hex', color: '#00ff00', clickFunctionName: 'c', functionBody: '' },
    ]);
    expect(definition.bulkActions).toEqual([{ name: 'Bulk bad', clickFunctionName: 'd', functionBody: '' }]);
    expect(JSON.stringify(definition)).not.toContain('url(http://evil.example/beacon.gif)');
  });

  it('drops the same colours from the rows of a table widget', async () => {
    const script = await scriptWith(`return { fields: [{ heading: 'Name', dataField: 'name' }], data: ${ROWS} };`);
    const widget = await api.create('widget', { name: 'Coloured rows', type: 'table', script: script._id });
    const body = ok<Doc>(await api.get(`/widget/${widget._id}`, 'engineer'));
    expect(body.data.data).toEqual([
      { _id: 'a', name: 'bad', level: { name: 'High' }, severityLevel: { text: 'High' } },
      { _id: 'b', name: 'text level', level: { name: 'Amber;background:url(http://evil.example/l.png)' } },
      { _id: 'c', name: 'good', level: { name: 'Low', color: '#388e3c' }, severityLevel: { text: 'Low', color: 'rgb(56, 142, 60)' } },
      { _id: 'd', name: 'colour level', level: '#d32f2f' },
    ]);
  });
});
