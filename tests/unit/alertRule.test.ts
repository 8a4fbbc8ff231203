import { describe, expect, it } from 'vitest';
import { applyEvent, HISTORY_KEPT, levelRules, stepPoint, type PointAlert, type PointConditions, type PointLevel, type Reading } from '../../common/monitoring/alertRule';

/**
 * DESIGN §17's alerting by hand-written tables: each row a reading (seconds, value) and what it does
 * to each level (— nothing, fire, hold, rearm); then the alerts the whole table leaves. The expected
 * columns were worked out by hand from the rule's words (docs/monitoring.md), not from the code.
 */

type Effect = '—' | 'fire' | 'hold' | 'rearm';
type Point = Parameters<typeof levelRules>[0];

const at = (seconds: number, value: number): Reading => ({ ts: seconds * 1000, value });

/** Runs the table reading by reading; answers each reading's effects by level and the alerts left (resolved ones dropped when `resolveAt` says). */
function run(point: Point, rows: readonly [number, number][], resolveAfter: readonly number[] = []) {
  const rules = levelRules(point);
  let conditions: PointConditions = {};
  const open = new Map<PointLevel, PointAlert>();
  const closed: PointAlert[] = [];
  const effects: Partial<Record<PointLevel, Effect>>[] = [];
  for (const [seconds, value] of rows) {
    const stepped = stepPoint(rules, conditions, [at(seconds, value)]);
    conditions = stepped.conditions;
    const row: Partial<Record<PointLevel, Effect>> = {};
    for (const rule of rules) row[rule.level] = '—';
    for (const event of stepped.events) {
      row[event.level] = event.type === 'fired' ? 'fire' : event.type === 'held' ? 'hold' : 'rearm';
      const rule = rules.find((r) => r.level === event.level)!;
      const next = applyEvent(open.get(event.level) ?? null, rule, event);
      if (next) open.set(event.level, next);
    }
    effects.push(row);
    if (resolveAfter.includes(seconds)) {
      // An engineer resolves every open alert after this reading.
      closed.push(...open.values());
      open.clear();
    }
  }
  return { effects, open, closed };
}

const HIGH = { direction: 'above', warning: 30, critical: null, deadband: 2, minDurationSeconds: 0 } as const;

describe('a threshold with a deadband (warning above 30 °C, deadband 2)', () => {
  const table: [number, number, Effect][] = [
    [0, 25, '—'],
    [60, 31, 'fire'],
    [120, 32, 'hold'],
    [180, 29, 'hold'], // below the threshold but not by the deadband: still in alarm, no second alert
    [240, 33, 'hold'],
    [300, 28, 'rearm'], // 30 − 2: back by the deadband
    [360, 30, '—'], // at the threshold is not past it
    [420, 30.5, 'fire'], // fires again: the open alert counts a repeat
  ];
  const result = run(HIGH, table.map(([s, v]) => [s, v]));

  it.each(table.map((row, i) => [...row, i] as const))('at %is, %f °C: %s', (_s, _v, effect, i) => {
    expect(result.effects[i]!.warning).toBe(effect);
  });

  it('leaves one open alert with one repeat, the last and the worst value, and its history', () => {
    const alert = result.open.get('warning')!;
    expect(alert.openedAt).toBe(60_000);
    expect(alert.repeats).toBe(1);
    expect(alert.last).toEqual(at(420, 30.5));
    expect(alert.worst).toEqual(at(240, 33));
    expect(alert.clearedAt).toBeNull();
    expect(alert.history.map((entry) => [entry.type, entry.ts / 1000, entry.value])).toEqual([
      ['fired', 60, 31],
      ['cleared', 300, 28],
      ['fired', 420, 30.5],
    ]);
    expect(alert.rule).toEqual({ level: 'warning', threshold: 30, direction: 'above', deadband: 2, minDurationMs: 0 });
  });
});

describe('a minimum duration (above 30, must persist 120 s, no deadband)', () => {
  const point = { direction: 'above', warning: 30, critical: null, deadband: null, minDurationSeconds: 120 } as const;
  const table: [number, number, Effect][] = [
    [0, 31, '—'], // a run starts
    [60, 32, '—'], // 60 s in: not yet
    [90, 29, '—'], // the run breaks
    [120, 31, '—'], // a new run starts
    [180, 31.5, '—'],
    [240, 34, 'fire'], // 120 s since 120: fires, the run's three readings explain it
    [300, 30, 'rearm'], // no deadband: at the threshold re-arms
    [360, 35, '—'], // a new run must last again
  ];
  const result = run(point, table.map(([s, v]) => [s, v]));

  it.each(table.map((row, i) => [...row, i] as const))('at %is, %f: %s', (_s, _v, effect, i) => {
    expect(result.effects[i]!.warning).toBe(effect);
  });

  it('explains the firing by the run of readings that lasted the duration, and records the clear', () => {
    const alert = result.open.get('warning')!;
    expect(alert.openedAt).toBe(240_000);
    expect(alert.worst).toEqual(at(240, 34));
    expect(alert.clearedAt).toBe(300_000);
    const fired = alert.history[0]!;
    expect(fired.type).toBe('fired');
    expect(fired.type === 'fired' && fired.run).toEqual([at(120, 31), at(180, 31.5), at(240, 34)]);
    expect(alert.history[1]).toEqual({ type: 'cleared', ts: 300_000, value: 30 });
  });
});

describe('a low alert (below 2 bar, deadband 0.5)', () => {
  const point = { direction: 'below', warning: 2, critical: null, deadband: 0.5, minDurationSeconds: 0 } as const;
  const table: [number, number, Effect][] = [
    [0, 2.5, '—'],
    [60, 1.9, 'fire'],
    [120, 2.3, 'hold'],
    [180, 1.5, 'hold'],
    [240, 2.5, 'rearm'],
    [300, 1.8, 'fire'],
  ];
  const result = run(point, table.map(([s, v]) => [s, v]));

  it.each(table.map((row, i) => [...row, i] as const))('at %is, %f bar: %s', (_s, _v, effect, i) => {
    expect(result.effects[i]!.warning).toBe(effect);
  });

  it('keeps the lowest value as the worst', () => {
    const alert = result.open.get('warning')!;
    expect(alert.repeats).toBe(1);
    expect(alert.worst).toEqual(at(180, 1.5));
    expect(alert.last).toEqual(at(300, 1.8));
  });
});

describe('warning and critical are conditions of their own (30 and 40, deadband 1)', () => {
  const point = { direction: 'above', warning: 30, critical: 40, deadband: 1, minDurationSeconds: 0 } as const;
  const table: [number, number, Effect, Effect][] = [
    [0, 35, 'fire', '—'],
    [60, 41, 'hold', 'fire'],
    [120, 39.5, 'hold', 'hold'],
    [180, 38.9, 'hold', 'rearm'],
    [240, 28, 'rearm', '—'],
  ];
  const result = run(point, table.map(([s, v]) => [s, v]));

  it.each(table.map((row, i) => [...row, i] as const))('at %is, %f: warning %s, critical %s', (_s, _v, warning, critical, i) => {
    expect(result.effects[i]).toEqual({ warning, critical });
  });

  it('leaves one alert per level', () => {
    const warning = result.open.get('warning')!;
    const critical = result.open.get('critical')!;
    expect([warning.worst.value, warning.last.value, warning.clearedAt]).toEqual([41, 38.9, 240_000]);
    expect([critical.worst.value, critical.last.value, critical.clearedAt]).toEqual([41, 39.5, 180_000]);
  });
});

describe('an alert resolved while in alarm', () => {
  const table: [number, number][] = [
    [0, 31], // fires
    [60, 35], // an engineer resolves it after this reading
    [120, 36], // still in alarm: no new alert, nothing to update
    [180, 27], // re-arms
    [240, 31], // fires: a new alert, the resolved one untouched
  ];
  const result = run(HIGH, table, [60]);

  it('opens a new alert only after the condition re-armed and fired again', () => {
    expect(result.closed).toHaveLength(1);
    expect(result.closed[0]!.last).toEqual(at(60, 35));
    const next = result.open.get('warning')!;
    expect(next.openedAt).toBe(240_000);
    expect(next.repeats).toBe(0);
  });
});

describe('what an alert keeps', () => {
  it('keeps the first firing and the latest history entries', () => {
    const rows: [number, number][] = [];
    for (let i = 0; i < 40; i += 1) rows.push([i * 120, 31], [i * 120 + 60, 20]);
    const alert = run(HIGH, rows).open.get('warning')!;
    expect(alert.repeats).toBe(39);
    expect(alert.history).toHaveLength(HISTORY_KEPT);
    expect(alert.history[0]).toMatchObject({ type: 'fired', ts: 0 });
    expect(alert.history.at(-1)).toMatchObject({ type: 'cleared', ts: (39 * 120 + 60) * 1000 });
  });

  it('keeps the first readings of a long run and the one that fired, and counts them all', () => {
    const point = { ...HIGH, minDurationSeconds: 150 } as const;
    const rows: [number, number][] = Array.from({ length: 16 }, (_, i) => [i * 10, 31 + i / 10]);
    const fired = run(point, rows).open.get('warning')!.history[0]!;
    expect(fired.type === 'fired' && fired.runLength).toBe(16);
    expect(fired.type === 'fired' && fired.run.map((r) => r.ts / 1000)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 150]);
  });
});
