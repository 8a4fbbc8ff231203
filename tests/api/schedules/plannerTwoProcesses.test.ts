import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { adminApi } from '../administration/adminApi';
import { inspectionSchedules, jobRuns } from '../../../server/db/schema';
import { planSchedules } from '../../../server/modules/inspectionSchedules/schedulePlanner';

/**
 * Issue 17: the planner is a system job, run once per tick across processes (DESIGN §9), and even
 * two runs at once (a start-up run beside a tick) plan each window once.
 */
const servers = await sharedServices('the schedule planner across two processes');

describe.skipIf(!servers)('two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });
  const tick = Date.UTC(2031, 0, 15, 10, 7);

  it('run the planner once per tick, and never plan a window twice however runs overlap', async () => {
    const api = adminApi(processes.first);
    const weekly = await api.create('checklist', { name: 'Tp weekly', frequency: 'Weekly' });
    const assetIds: string[] = [];
    for (let n = 0; n < 20; n++) assetIds.push((await api.create('asset', { name: `Tp pump ${n}`, identification: `TP-PUMP-${n}`, checklists: [weekly._id] }))._id as string);

    const [firstRuns, secondRuns] = await Promise.all([processes.first.app.jobs.runTick(tick), processes.second.jobs.runTick(tick)]);
    const plannerRuns = [...firstRuns, ...secondRuns].filter((run) => run.job === 'system:schedule-planner');
    expect(plannerRuns).toHaveLength(1);
    const logged = await processes.first.app.services.db.select().from(jobRuns).where(and(eq(jobRuns.job, 'system:schedule-planner'), eq(jobRuns.tick, tick)));
    expect(logged).toHaveLength(1);

    // Four runs at once, past any tick's claim, on both processes' connections.
    await Promise.all([
      planSchedules(processes.first.app.services.db, tick + 60_000),
      planSchedules(processes.second.services.db, tick + 60_000),
      planSchedules(processes.first.app.services.db, tick + 120_000),
      planSchedules(processes.second.services.db, tick + 120_000),
    ]);
    const counted = (await processes.first.app.services.db.execute(sql`
      select ${inspectionSchedules.asset} as asset, ${inspectionSchedules.start} as start, count(*)::int as n
      from ${inspectionSchedules} where ${inArray(inspectionSchedules.asset, assetIds)} group by 1, 2`)) as unknown as { rows: { asset: string; start: number; n: number }[] };
    // Nine Monday-to-Sunday weeks from 2031-01-13 to 2031-03-10 for each of the 20 assets, each once.
    expect(counted.rows).toHaveLength(20 * 9);
    expect(counted.rows.every((row) => row.n === 1)).toBe(true);
  });
});
