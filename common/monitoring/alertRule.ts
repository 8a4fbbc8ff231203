/**
 * How a measurement point's readings raise, repeat and clear alerts (DESIGN §17, docs/monitoring.md),
 * the same for a sensor's readings and a technician's: pure, so the server and the tests of
 * hand-written reading tables run the one rule.
 *
 * Each level (warning, critical) is a condition of its own. A reading is *past* a level when it is
 * above its threshold (below, for a point alerting low). While the condition is armed, an unbroken
 * run of readings past the threshold fires it once the run has lasted the minimum duration (at once
 * without one). Fired, it stays in alarm until a reading is back past the threshold by the deadband
 * (at or below threshold − deadband; at or above threshold + deadband for a low alert): that
 * reading re-arms it. A reading in between keeps the alarm. An alert is the record of firings:
 * one open alert per point and level, which a later firing counts as a repeat (until an engineer
 * resolves it), keeping the last and the worst value and, for the detail, what fired it and when
 * it re-armed.
 */

export const POINT_LEVELS = ['warning', 'critical'] as const;
export type PointLevel = (typeof POINT_LEVELS)[number];

export const DIRECTIONS = ['above', 'below'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface Reading {
  /** Epoch milliseconds of the measurement (not of its arrival). */
  ts: number;
  value: number;
}

/** One level's rule, from the point's declaration. */
export interface LevelRule {
  level: PointLevel;
  threshold: number;
  direction: Direction;
  /** ≥ 0, in the point's unit. */
  deadband: number;
  /** ≥ 0: how long a run of readings past the threshold must last before it fires. */
  minDurationMs: number;
}

/** The most readings of a run an explanation keeps: the first ones and the one that fired. */
export const RUN_KEPT = 10;

/** One level's state between readings (kept per point on the server). */
export interface LevelCondition {
  /** Fired and not re-armed since. */
  inAlarm: boolean;
  /** While armed: the current run of readings past the threshold (its first ones, at most RUN_KEPT). */
  run: Reading[];
  /** How many readings the current run holds in all (the run keeps only its first ones). */
  runLength: number;
}

export const ARMED: LevelCondition = Object.freeze({ inAlarm: false, run: [], runLength: 0 }) as LevelCondition;

export type RuleEvent =
  /** The condition fired: `run` are the readings that made it (the firing one last). */
  | { type: 'fired'; level: PointLevel; reading: Reading; run: Reading[]; runLength: number }
  /** A reading while in alarm (past the threshold, or within the deadband): the alert's last value. */
  | { type: 'held'; level: PointLevel; reading: Reading }
  /** Back past the threshold by the deadband: the condition re-arms and the alert is cleared. */
  | { type: 'rearmed'; level: PointLevel; reading: Reading };

export const isPast = (rule: Pick<LevelRule, 'threshold' | 'direction'>, value: number): boolean =>
  rule.direction === 'above' ? value > rule.threshold : value < rule.threshold;

const isBackByDeadband = (rule: LevelRule, value: number): boolean =>
  rule.direction === 'above' ? value <= rule.threshold - rule.deadband : value >= rule.threshold + rule.deadband;

/** One reading through one level's condition. Readings must come in time order. */
export function stepLevel(rule: LevelRule, condition: LevelCondition, reading: Reading): { condition: LevelCondition; event: RuleEvent | null } {
  if (condition.inAlarm) {
    if (isBackByDeadband(rule, reading.value)) return { condition: ARMED, event: { type: 'rearmed', level: rule.level, reading } };
    return { condition, event: { type: 'held', level: rule.level, reading } };
  }
  if (!isPast(rule, reading.value)) return { condition: ARMED, event: null };
  const first = condition.run[0] ?? reading;
  const runLength = condition.runLength + 1;
  if (reading.ts - first.ts >= rule.minDurationMs) {
    const kept = condition.run.length < RUN_KEPT ? [...condition.run, reading] : [...condition.run.slice(0, RUN_KEPT - 1), reading];
    return { condition: { inAlarm: true, run: [], runLength: 0 }, event: { type: 'fired', level: rule.level, reading, run: kept, runLength } };
  }
  const run = condition.run.length < RUN_KEPT ? [...condition.run, reading] : condition.run;
  return { condition: { inAlarm: false, run, runLength }, event: null };
}

/** A point's conditions, by level. */
export type PointConditions = Partial<Record<PointLevel, LevelCondition>>;

/**
 * Readings (time-ordered) through every level of a point: the conditions after them and the events,
 * in reading order (for one reading, warning before critical).
 */
export function stepPoint(rules: readonly LevelRule[], conditions: PointConditions, readings: readonly Reading[]): { conditions: PointConditions; events: RuleEvent[] } {
  const next: PointConditions = { ...conditions };
  const events: RuleEvent[] = [];
  for (const reading of readings) {
    for (const rule of rules) {
      const stepped = stepLevel(rule, next[rule.level] ?? ARMED, reading);
      next[rule.level] = stepped.condition;
      if (stepped.event) events.push(stepped.event);
    }
  }
  return { conditions: next, events };
}

/** What the alert's detail says happened, oldest first (at most HISTORY_KEPT entries: the first and the latest). */
export type AlertHistoryEntry =
  | { type: 'fired'; ts: number; value: number; run: Reading[]; runLength: number }
  | { type: 'cleared'; ts: number; value: number };

export const HISTORY_KEPT = 50;

/** The rule as the alert's detail explains it. */
export interface ExplainedRule {
  level: PointLevel;
  threshold: number;
  direction: Direction;
  deadband: number;
  minDurationMs: number;
}

/** The alert a point's firings make (the server's alerts row holds these fields). */
export interface PointAlert {
  level: PointLevel;
  /** When it first fired. */
  openedAt: number;
  /** Firings after the first while it stayed open. */
  repeats: number;
  last: Reading;
  worst: Reading;
  /** When the condition last re-armed; null while in alarm. */
  clearedAt: number | null;
  rule: ExplainedRule;
  history: AlertHistoryEntry[];
}

const worse = (direction: Direction, a: Reading, b: Reading): Reading => {
  if (direction === 'above') return b.value > a.value ? b : a;
  return b.value < a.value ? b : a;
};

function withEntry(history: readonly AlertHistoryEntry[], entry: AlertHistoryEntry): AlertHistoryEntry[] {
  const all = [...history, entry];
  // The first firing stays: it says why the alert exists; the rest are the latest.
  return all.length <= HISTORY_KEPT ? all : [all[0] as AlertHistoryEntry, ...all.slice(all.length - HISTORY_KEPT + 1)];
}

const explained = (rule: LevelRule): ExplainedRule => ({ level: rule.level, threshold: rule.threshold, direction: rule.direction, deadband: rule.deadband, minDurationMs: rule.minDurationMs });

/**
 * An event applied to the level's open alert (null: none open). Answers the alert after it, or null
 * when the event touches none (a reading held in alarm after an engineer resolved the alert).
 */
export function applyEvent(open: PointAlert | null, rule: LevelRule, event: RuleEvent): PointAlert | null {
  const { reading } = event;
  if (event.type === 'fired') {
    const entry: AlertHistoryEntry = { type: 'fired', ts: reading.ts, value: reading.value, run: event.run, runLength: event.runLength };
    if (!open) return { level: rule.level, openedAt: reading.ts, repeats: 0, last: reading, worst: event.run.reduce((w, r) => worse(rule.direction, w, r), reading), clearedAt: null, rule: explained(rule), history: [entry] };
    return {
      ...open,
      repeats: open.repeats + 1,
      last: reading,
      worst: event.run.reduce((w, r) => worse(rule.direction, w, r), worse(rule.direction, open.worst, reading)),
      clearedAt: null,
      rule: explained(rule),
      history: withEntry(open.history, entry),
    };
  }
  if (!open) return null;
  if (event.type === 'held') return { ...open, last: reading, worst: worse(rule.direction, open.worst, reading) };
  return { ...open, clearedAt: reading.ts, history: withEntry(open.history, { type: 'cleared', ts: reading.ts, value: reading.value }) };
}

/** A point's thresholds as level rules: the levels it sets, warning first. */
export function levelRules(point: { direction: Direction; warning: number | null; critical: number | null; deadband: number | null; minDurationSeconds: number | null }): LevelRule[] {
  const common = { direction: point.direction, deadband: point.deadband ?? 0, minDurationMs: (point.minDurationSeconds ?? 0) * 1000 };
  const rules: LevelRule[] = [];
  if (point.warning !== null) rules.push({ level: 'warning', threshold: point.warning, ...common });
  if (point.critical !== null) rules.push({ level: 'critical', threshold: point.critical, ...common });
  return rules;
}
