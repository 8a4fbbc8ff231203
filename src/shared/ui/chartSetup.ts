import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, Tooltip } from 'chart.js';

let done = false;

/** Registers what bar and doughnut charts need (spec §9), once, with colours readable on the dark theme. */
export function setUpCharts(text: string, grid: string): void {
  if (done) return;
  done = true;
  Chart.register(BarController, BarElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);
  Chart.defaults.color = text;
  Chart.defaults.borderColor = grid;
  Chart.defaults.font.family = 'Roboto, Helvetica, Arial, sans-serif';
}

/**
 * What every time-series line chart of the app starts from: it fills its box, draws at once (a
 * reload does not replay an animation), and takes its points as {x, y} already (no parsing).
 */
export const LINE_CHART_BASE = { responsive: true, maintainAspectRatio: false, animation: false, parsing: false } as const;
