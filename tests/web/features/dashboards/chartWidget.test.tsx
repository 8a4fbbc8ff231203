import { render, waitFor } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
import { describe, expect, it, vi } from 'vitest';
import type { ChartWidgetData } from '../../../../common/dashboards/widgetData';
import { ChartWidget } from '../../../../src/features/dashboards/widgets/ChartWidget';

/** The options each render handed the chart: react-chartjs-2 updates (and animates) the chart whenever they are new. */
const optionsSeen: ChartOptions[] = [];

vi.mock('react-chartjs-2', () => ({
  Chart: (props: { options: ChartOptions }) => {
    optionsSeen.push(props.options);
    return <canvas />;
  },
  getElementAtEvent: () => [],
}));

const data = (chartOptions?: object): ChartWidgetData =>
  ({ type: 'bar', chartData: { labels: ['Mon', 'Tue'], datasets: [{ label: 'Alerts', data: [3, 5] }] }, ...(chartOptions ? { chartOptions } : {}) }) as unknown as ChartWidgetData;

describe('ChartWidget', () => {
  it('a board re-rendering with a new click handler does not update its chart; new chart options do', async () => {
    optionsSeen.length = 0;
    const shown = data();
    const view = render(<ChartWidget data={shown} onPick={() => undefined} />);
    // The chart draws in a task of its own (ChartTurn).
    await waitFor(() => expect(optionsSeen.length).toBeGreaterThan(0));
    view.rerender(<ChartWidget data={shown} onPick={() => undefined} />);
    view.rerender(<ChartWidget data={shown} onPick={() => undefined} />);
    expect(new Set(optionsSeen).size).toBe(1);

    view.rerender(<ChartWidget data={data({ indexAxis: 'y' })} onPick={() => undefined} />);
    expect(new Set(optionsSeen).size).toBe(2);
    expect(optionsSeen.at(-1)).toMatchObject({ indexAxis: 'y' });
  });
});
