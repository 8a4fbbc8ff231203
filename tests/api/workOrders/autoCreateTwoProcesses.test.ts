import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { adminApi } from '../administration/adminApi';
import { alerts, jobRuns, workOrders } from '../../../server/db/schema';
import { openWorkOrdersForAlerts, sweepAlertsWithoutOrders } from '../../../server/modules/workOrders/autoCreate';

/**
 * DESIGN §1 and §11: two app processes on one PostgreSQL, both sweeping at once (and a store-path
 * open beside them), open one order per alert — the unique index on the order's alert decides —
 * and the per-minute sweep job runs once per tick across them.
 */
const servers = await sharedServices('the work order sweep across two processes');

describe.skipIf(!servers)('two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });

  it('open one order per alert however many sweeps run at once', async () => {
    const api = adminApi(processes.first);
    const [level] = (await api.list('alertLevel')).filter((l) => l.technicalName === 'critical');
    const asset = await api.create('asset', { name: 'Tp2 fan', identification: 'TP2-FAN' });
    const now = Date.now();
    const ids = Array.from({ length: 40 }, (_, n) => `tp2-alert-${n}`);
    await processes.first.app.services.db.insert(alerts).values(
      ids.map((_id, n) => ({ _id, inspection: null, asset: asset._id, level: level!._id, message: `<p>Alert ${n}</p>`, timestamp: now - n * 60_000, severityLevel: { text: 'Critical', color: '#d32f2f' } })),
    );
    const [first, second] = [processes.first.app.services.db, processes.second.services.db];

    const outcomes = await Promise.all([
      sweepAlertsWithoutOrders(first, now),
      sweepAlertsWithoutOrders(second, now),
      sweepAlertsWithoutOrders(first, now + 1),
      sweepAlertsWithoutOrders(second, now + 2),
      openWorkOrdersForAlerts(second, ids.slice(0, 10), now),
    ]);
    const opened = outcomes.flatMap((outcome) => outcome.opened.map((order) => order.alert));
    // Each alert was opened by exactly one of the five runs.
    expect(opened.sort()).toEqual([...ids].sort());

    const counted = (await first.execute(sql`
      select ${workOrders.alert} as alert, count(*)::int as n from ${workOrders} where ${inArray(workOrders.alert, ids)} group by 1`)) as unknown as { rows: { alert: string; n: number }[] };
    expect(counted.rows).toHaveLength(ids.length);
    expect(counted.rows.every((row) => row.n === 1)).toBe(true);

    // The system job claims each tick once across the processes, as every system job does.
    const tick = Date.UTC(2031, 0, 15, 10, 7);
    const [firstRuns, secondRuns] = await Promise.all([processes.first.app.jobs.runTick(tick), processes.second.jobs.runTick(tick)]);
    expect([...firstRuns, ...secondRuns].filter((run) => run.job === 'system:work-order-sweep')).toHaveLength(1);
    const logged = await first.select().from(jobRuns).where(and(eq(jobRuns.job, 'system:work-order-sweep'), eq(jobRuns.tick, tick)));
    expect(logged).toHaveLength(1);
  });
});
