import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, Tooltip } from 'chart.js';

let done = false;

/**
 * Registers what bar and doughnut charts need (spec §9), once, with colours readable on the dark
 * theme. Called as the first chart renders; in a browser it also makes the page's first number
 * format in a task of its own, queued ahead of the first chart's turn to draw (ChartTurn):
 * chart.js writes its axes' numbers with Intl.NumberFormat, and a page's first one loads ICU's data
 * for it — 16–45 ms of a desktop's main thread in Chromium (four times that on Lighthouse's phone),
 * which the first chart's task paid on top of its own drawing.
 */
export function setUpCharts(text: string, grid: string): void {
  if (done) return;
  done = true;
  Chart.register(BarController, BarElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);
  Chart.defaults.color = text;
  Chart.defaults.borderColor = grid;
  Chart.defaults.font.family = 'Roboto, Helvetica, Arial, sans-serif';
  if (typeof window !== 'undefined') setTimeout(() => new Intl.NumberFormat().format(0), 0);
}

/**
 * What every time-series line chart of the app starts from: it fills its box, draws at once (a
 * reload does not replay an animation), and takes its points as {x, y} already (no parsing).
 */
export const LINE_CHART_BASE = { responsive: true, maintainAspectRatio: false, animation: false, parsing: false } as const;
