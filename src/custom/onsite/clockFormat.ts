const pad = (value: number) => String(value).padStart(2, '0');

/** The spec's date format YYYY/MM/DD (§9), in the browser's zone. */
export function formatClockDate(date: Date): string {
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
}

/** hh:mm:ss A, the spec's 12-hour time (§9) with seconds so a wall board visibly ticks. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  const twelveHour = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(twelveHour)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}
