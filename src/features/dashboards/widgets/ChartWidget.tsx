import { useMemo, useRef, type MouseEvent } from 'react';
import { Box, useTheme } from '@mui/material';
import type { Chart as ChartInstance, ChartData, ChartOptions } from 'chart.js';
import { Chart, getElementAtEvent } from 'react-chartjs-2';
import type { ChartWidgetData } from '../../../../common/dashboards/widgetData';
import { setUpCharts } from '../../../shared/ui/chartSetup';
import { ChartTurn } from '../../../shared/ui/ChartTurn';
import { withColors } from './chartColors';
import { CHART_SIZE } from './widgetSizes';

export interface ChartWidgetProps {
  data: ChartWidgetData;
  color?: string;
  /** A bar or slice was clicked: its index among the labels. */
  onPick?: (index: number) => void;
}

/**
 * A bar or doughnut chart (chart.js) drawn at 90% of the item (spec §9). Updates from a live reload
 * go into the same chart instance (no new canvas), which react-chartjs-2 destroys on unmount.
 */
export function ChartWidget({ data, color, onPick }: ChartWidgetProps) {
  const theme = useTheme();
  setUpCharts(theme.palette.text.secondary, theme.palette.divider);
  const ref = useRef<ChartInstance | null>(null);
  const chartData = useMemo(() => withColors(data, color), [data, color]);
  // New options make react-chartjs-2 update the chart, animation and all: they follow what they say,
  // not each render's new onPick (a board re-renders as its answers and pushes come in).
  const pickable = onPick !== undefined;
  const options = useMemo<ChartOptions>(
    () => ({
      ...(data.chartOptions as ChartOptions | undefined),
      responsive: true,
      maintainAspectRatio: false,
      // A live reload changes numbers in place; animating each one would make a busy board restless.
      animation: { duration: 300 },
      onHover: (event, elements) => {
        const target = event.native?.target as HTMLElement | undefined;
        if (target) target.style.cursor = pickable && elements.length > 0 ? 'pointer' : 'default';
      },
    }),
    [data.chartOptions, pickable],
  );
  const click = (event: MouseEvent<HTMLCanvasElement>) => {
    if (!onPick || !ref.current) return;
    const [element] = getElementAtEvent(ref.current, event);
    if (element) onPick(element.index);
  };
  const label = chartData.datasets.map((d) => d.label).filter(Boolean).join(', ') || 'chart';
  return (
    <Box sx={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Box sx={{ ...CHART_SIZE, position: 'relative' }} data-testid="chart-box">
        <ChartTurn label={label}>
          <Chart ref={ref} type={data.type} data={chartData as ChartData} options={options} onClick={click} aria-label={label} role="img" />
        </ChartTurn>
      </Box>
    </Box>
  );
}
