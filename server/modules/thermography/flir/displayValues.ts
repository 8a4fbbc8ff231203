/** How values read from a FLIR file are shown in the note's parameters and measurements (DESIGN §8). */

export type KeyValue = { k: string; v: string };

function fixed(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text; // no "-0.0"
}

export const showCelsius = (celsius: number) => `${fixed(celsius, 1)} °C`;
export const showEmissivity = (emissivity: number) => fixed(emissivity, 2);
export const showDistance = (metres: number) => `${fixed(metres, 1)} m`;
export const showHumidity = (percent: number) => `${fixed(percent, 0)} %`;

const two = (n: number) => String(n).padStart(2, '0');

/** The capture time on the camera's own clock, with its offset from UTC: "2017-09-08 16:04:36 +02:00". */
export function showCameraDate(date: { utcMs: number; offsetMinutes: number }): string {
  const local = new Date(date.utcMs + date.offsetMinutes * 60_000);
  const sign = date.offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(date.offsetMinutes);
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())} ${sign}${two(Math.floor(offset / 60))}:${two(offset % 60)}`
  );
}
