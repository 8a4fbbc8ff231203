import { describe, expect, it } from 'vitest';
import { checkWidgetData } from '../../common/dashboards/widgetData';

/**
 * Issue 44 §5: a trend widget's data is what query.trend answers (docs/dashboards.md). Every value
 * below is written by hand: what a script may return, and what the server answers for it.
 */
const HOUR = 3_600_000;
const FROM = 1_764_460_800_000; // 2025-11-30 00:00 UTC
const TO = FROM + 3 * HOUR;

/** query.trend's answer for a point with three hourly buckets, as a script hands it on. */
const answer = () => ({
  point: { _id: 'p1', name: 'Chilled water supply temperature', unit: '°C', kind: 'gauge', direction: 'above', warning: 9, critical: 11 },
  from: FROM,
  to: TO,
  bucketMs: HOUR,
  buckets: [
    { ts: FROM, min: 6.1, max: 6.9, mean: 6.5, count: 6 },
    { ts: FROM + HOUR, min: 6.2, max: 7, mean: 6.6, count: 6 },
    { ts: FROM + 2 * HOUR, min: 6.4, max: 7.2, mean: 6.8, count: 5 },
  ],
  latest: { ts: TO - 60_000, value: 7.1 },
  forecast: { level: 'warning', threshold: 9, at: TO + 12 * 86_400_000, inDays: 12 },
});

const problemOf = (value: unknown) => {
  const checked = checkWidgetData('trend', value);
  if (checked.ok) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return checked.problem;
};

describe("checkWidgetData('trend')", () => {
  it("accepts query.trend's answer and answers it as it is, the point without its kind", () => {
    const given = answer();
    expect(checkWidgetData('trend', given)).toEqual({
      ok: true,
      data: { ...given, point: { _id: 'p1', name: 'Chilled water supply temperature', unit: '°C', direction: 'above', warning: 9, critical: 11 } },
    });
  });

  it('accepts a point without levels or readings: no buckets, latest and forecast null or left out', () => {
    const bare = { point: { name: 'Run hours', unit: 'h', direction: 'below', warning: null, critical: null }, from: FROM, to: TO, bucketMs: 1000, buckets: [] };
    expect(checkWidgetData('trend', bare)).toEqual({ ok: true, data: { ...bare, latest: null, forecast: null } });
    expect(checkWidgetData('trend', { ...bare, latest: null, forecast: null })).toEqual({ ok: true, data: { ...bare, latest: null, forecast: null } });
    // A point without a unit is drawn without one; levels left out are none.
    expect(checkWidgetData('trend', { ...bare, point: { name: 'Flow', direction: 'above' } })).toEqual({
      ok: true,
      data: { ...bare, point: { name: 'Flow', unit: '', direction: 'above', warning: null, critical: null }, latest: null, forecast: null },
    });
  });

  it('accepts 2,000 buckets, the most a trend holds', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ ts: FROM + i * 1000, min: 1, max: 2, mean: 1.5, count: 2 }));
    expect(checkWidgetData('trend', { ...answer(), buckets: many }).ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['not an object', [1, 2], 'a trend widget answers what query.trend answers: {point, from, to, bucketMs, buckets, latest, forecast}'],
    ['a text', 'trend', 'a trend widget answers what query.trend answers: {point, from, to, bucketMs, buckets, latest, forecast}'],
    ['no point', { ...answer(), point: undefined }, 'point must be {name, unit, direction, warning, critical}'],
    ["a point's name not a text", { ...answer(), point: { ...answer().point, name: 7 } }, 'point.name must be a text'],
    ["a point's unit not a text", { ...answer(), point: { ...answer().point, unit: 3 } }, 'point.unit must be a text'],
    ['an unknown direction', { ...answer(), point: { ...answer().point, direction: 'up' } }, 'point.direction must be one of: above, below'],
    ['a warning level as text', { ...answer(), point: { ...answer().point, warning: '9' } }, 'point.warning must be a number or null'],
    ['a critical level not finite', { ...answer(), point: { ...answer().point, critical: Infinity } }, 'point.critical must be a number or null'],
    ['from as text', { ...answer(), from: '2025-11-30' }, 'from and to must be times (epoch ms)'],
    ['to missing', { ...answer(), to: undefined }, 'from and to must be times (epoch ms)'],
    ['from after to', { ...answer(), from: TO, to: FROM }, 'from must be before to'],
    ['a bucket width of 0', { ...answer(), bucketMs: 0 }, 'bucketMs must be a number above 0'],
    ['buckets not a list', { ...answer(), buckets: { ts: FROM } }, 'buckets must be a list of {ts, min, max, mean, count}'],
    ['2,001 buckets', { ...answer(), buckets: Array.from({ length: 2001 }, (_, i) => ({ ts: i, min: 1, max: 1, mean: 1, count: 1 })) }, 'buckets must hold at most 2000 buckets'],
    ['a bucket without its mean', { ...answer(), buckets: [answer().buckets[0], { ts: FROM + HOUR, min: 1, max: 2, count: 3 }] }, 'buckets[1].mean must be a number'],
    ['a bucket count as text', { ...answer(), buckets: [{ ...answer().buckets[0], count: '6' }] }, 'buckets[0].count must be a number'],
    ['a bucket that is a number', { ...answer(), buckets: [5] }, 'buckets[0].ts must be a number'],
    ['latest without a value', { ...answer(), latest: { ts: TO } }, 'latest must be null or {ts, value}'],
    ['latest as a number', { ...answer(), latest: 7.1 }, 'latest must be null or {ts, value}'],
    ['a forecast as text', { ...answer(), forecast: 'in 12 days' }, 'forecast must be null or {level, threshold, at, inDays}'],
    ['a forecast of an unknown level', { ...answer(), forecast: { ...answer().forecast, level: 'alarm' } }, 'forecast.level must be one of: warning, critical'],
    ['a forecast without its threshold', { ...answer(), forecast: { level: 'critical', at: TO, inDays: 1 } }, 'forecast.threshold must be a number'],
    ['a forecast whose time is text', { ...answer(), forecast: { ...answer().forecast, at: 'soon' } }, 'forecast.at must be a number'],
    ['a forecast in part of a day', { ...answer(), forecast: { ...answer().forecast, inDays: 1.5 } }, 'forecast.inDays must be a whole number of days from 0'],
    ['a forecast in the past', { ...answer(), forecast: { ...answer().forecast, inDays: -2 } }, 'forecast.inDays must be a whole number of days from 0'],
  ])('refuses %s, naming the problem', (_case, value, problem) => {
    expect(problemOf(value)).toBe(problem);
  });
});
