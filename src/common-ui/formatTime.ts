/** Spec §9: timestamps local as YYYY/MM/DD hh:mm A, dates as YYYY/MM/DD. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}`;
}

export function formatTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  const hours = d.getHours() % 12 || 12;
  return `${formatDate(epochMs)} ${pad(hours)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
