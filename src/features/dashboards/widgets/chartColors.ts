import type { ChartWidgetData } from '../../../../common/dashboards/widgetData';

const PALETTE = ['#42a5f5', '#66bb6a', '#ffa726', '#ef5350', '#ab47bc', '#26c6da', '#d4e157', '#8d6e63', '#ec407a', '#78909c'];

/**
 * The chart data with colours where the script gave none: a bar dataset takes the widget's colour
 * option (spec §9: colour is an option), doughnut slices a palette that starts with it.
 */
export function withColors(data: ChartWidgetData, color: string | undefined): ChartWidgetData['chartData'] {
  const datasets = data.chartData.datasets.map((dataset, index) => {
    if (dataset.backgroundColor !== undefined) return dataset;
    if (data.type === 'doughnut') {
      const palette = color ? [color, ...PALETTE.filter((c) => c !== color)] : PALETTE;
      return { ...dataset, backgroundColor: dataset.data.map((_, i) => palette[i % palette.length]), borderColor: 'transparent' };
    }
    const fill = index === 0 && color ? color : PALETTE[index % PALETTE.length];
    return { ...dataset, backgroundColor: fill, borderColor: fill };
  });
  return { ...data.chartData, datasets };
}
