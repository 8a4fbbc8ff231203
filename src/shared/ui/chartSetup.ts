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
