import { mkdirSync, writeFileSync } from 'node:fs';
import { benchAxe } from './axe';
import { benchLighthouse } from './lighthouse';

/**
 * `npm run bench:phone` (issue 20; apart from `npm run bench`, it takes minutes): Lighthouse mobile
 * medians on the technician's pages and the on-site board, first and repeat visit, then axe's
 * findings on the technician's pages. Keeps them in bench/results/phone.json, or
 * phone-<PHONE_LABEL>.json (e.g. PHONE_LABEL=before). PHONE_ONLY=lighthouse|axe runs one of the two.
 */
const only = process.env.PHONE_ONLY;
const results: Record<string, unknown> = { at: new Date().toISOString() };
if (only !== 'lighthouse') {
  results.axe = await benchAxe();
  console.log('axe at 390×844:', JSON.stringify((results.axe as { summary?: unknown }).summary ?? results.axe, null, 2));
}
if (only !== 'axe') {
  results.lighthouse = await benchLighthouse(Number(process.env.PHONE_RUNS ?? 3));
  const { pages } = results.lighthouse as { pages?: Record<string, { firstVisit: unknown; repeatVisit: unknown }> };
  for (const [name, page] of Object.entries(pages ?? {})) {
    console.log(`Lighthouse ${name}: first visit`, JSON.stringify(page.firstVisit), 'repeat visit', JSON.stringify(page.repeatVisit));
  }
}
mkdirSync('bench/results', { recursive: true });
const label = process.env.PHONE_LABEL ? `-${process.env.PHONE_LABEL}` : '';
writeFileSync(`bench/results/phone${label}.json`, `${JSON.stringify(results, null, 2)}\n`);
