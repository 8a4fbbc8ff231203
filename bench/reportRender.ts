import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DocumentModel } from '../common/reports/documentModel';
import { validateDocumentModel } from '../common/reports/documentModel';
import { REPORT_FORMATS } from '../common/resources/report';
import { renderReport } from '../server/reports/renderReport';
import { createReportRenderer } from '../server/reports/renderQueue';

/** A report model of `rows` inspection-like rows in one table of six columns. */
export function largeReportModel(rows: number): DocumentModel {
  const levels = ['Info', 'Warning', 'Critical', null];
  return {
    title: 'Inspection summary',
    subtitle: `${rows.toLocaleString('en')} inspections`,
    paragraphs: ['Every inspection of the period, newest first.', 'Generated for the report rendering bench.'],
    tables: [
      {
        title: 'Inspections',
        columns: ['Asset', 'Identification', 'Checklist', 'Timestamp', 'Items', 'Alert'],
        rows: Array.from({ length: rows }, (_, i) => [
          `Fire extinguisher ${i % 250}`,
          `FEX-${String(i % 250).padStart(3, '0')}`,
          i % 3 === 0 ? 'Monthly fire safety' : 'Weekly visual check',
          new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
          (i * 7) % 21,
          levels[i % 4] ?? null,
        ]),
      },
    ],
  };
}

async function timed(render: () => Promise<Buffer>, repeats: number) {
  await render(); // warm-up (and, for the worker, its start)
  const times: number[] = [];
  let bytes = 0;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  for (let i = 0; i < repeats; i++) {
    const started = performance.now();
    bytes = (await render()).length;
    times.push(performance.now() - started);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  return { medianMs: Math.round(times[Math.floor(times.length / 2)] as number), maxEventLoopBlockMs: Math.round(delay.max / 1e6), bytes };
}

/**
 * Report generation time for 10,000 rows in each format (issue 5): the renderers called directly
 * (the longest the calling thread is held, had they run on the server's loop), and through the
 * render worker the download route uses (what the server's event loop feels).
 */
export async function benchReportRender(rows = 10_000, repeats = 3) {
  const checked = validateDocumentModel(largeReportModel(rows));
  if (!checked.ok) throw new Error(checked.problem);
  const input = { model: checked.model, images: [], timeZone: 'UTC' };
  const worker = createReportRenderer();
  const results: Record<string, unknown> = { rows };
  try {
    for (const format of REPORT_FORMATS) {
      results[format] = {
        direct: await timed(() => renderReport(format, input), repeats),
        inWorker: await timed(() => worker.render(format, input), repeats),
      };
    }
  } finally {
    await worker.close();
  }
  return results;
}

if (process.argv[1]?.endsWith('reportRender.ts')) console.log(JSON.stringify(await benchReportRender(), null, 2));
