import { describe, expect, it } from 'vitest';
import { checkWidgetData, progressPercent } from '../../../../common/dashboards/widgetData';
import { nameTaken } from '../../../../common/fields/namedValues';
import { withColors } from '../../../../src/features/dashboards/widgets/chartColors';

describe('widget data per type', () => {
  it('reads the short forms into the full ones', () => {
    expect(checkWidgetData('string', 12)).toEqual({ ok: true, data: { value: '12' } });
    expect(checkWidgetData('string', { value: 'OK', caption: 'status' })).toEqual({ ok: true, data: { value: 'OK', caption: 'status' } });
    expect(checkWidgetData('progress', 40)).toEqual({ ok: true, data: { value: 40, max: 100 } });
    expect(checkWidgetData('table', [{ _id: '1', asset: 'Pump', n: 2 }])).toEqual({
      ok: true,
      data: { fields: [{ heading: 'asset', dataField: 'asset' }, { heading: 'n', dataField: 'n' }], data: [{ _id: '1', asset: 'Pump', n: 2 }] },
    });
    expect(checkWidgetData('html', null)).toEqual({ ok: true, data: '' });
  });

  it('names what is wrong', () => {
    expect(checkWidgetData('progress', { value: 1, max: 0 })).toEqual({ ok: false, problem: 'progress max must be a number above 0' });
    expect(checkWidgetData('chart', { type: 'line', chartData: { labels: [], datasets: [] } })).toMatchObject({ ok: false, problem: expect.stringContaining('bar, doughnut') });
    expect(checkWidgetData('chart', { type: 'bar', chartData: { labels: ['a'], datasets: [{ data: ['x'] }] } })).toMatchObject({ ok: false, problem: 'chartData.datasets[0].data must be a list of numbers' });
    expect(checkWidgetData('table', { data: 'rows' })).toMatchObject({ ok: false });
    expect(checkWidgetData('html', 3)).toMatchObject({ ok: false });
  });

  it('keeps a progress circle within 0–100 %', () => {
    expect(progressPercent({ value: 3, max: 4 })).toBe(75);
    expect(progressPercent({ value: 9, max: 4 })).toBe(100);
    expect(progressPercent({ value: -1, max: 4 })).toBe(0);
  });
});

// Sizes (spec §9: a chart at 90 % of its item, a progress circle at 65 % of its smaller side) are CSS: tests/e2e/dashboard.test.ts measures them.
describe('widget colours (spec §9)', () => {
  it("colours a bar dataset with the widget's colour and doughnut slices from a palette starting with it; given colours stay", () => {
    const bar = withColors({ type: 'bar', chartData: { labels: ['a'], datasets: [{ data: [1] }, { data: [2], backgroundColor: '#123456' }] } }, '#ff0000');
    expect(bar.datasets[0]).toMatchObject({ backgroundColor: '#ff0000' });
    expect(bar.datasets[1]).toMatchObject({ backgroundColor: '#123456' });
    const doughnut = withColors({ type: 'doughnut', chartData: { labels: ['a', 'b'], datasets: [{ data: [1, 2] }] } }, '#ff0000');
    expect((doughnut.datasets[0]!.backgroundColor as string[])[0]).toBe('#ff0000');
    expect((doughnut.datasets[0]!.backgroundColor as string[])).toHaveLength(2);
  });

  it('a widget option name must differ from the others', () => {
    expect(nameTaken(['color', 'max'], ' color ')).toBe(true);
    expect(nameTaken(['color'], 'Color')).toBe(false);
  });
});
