// Preloaded into a server process by bench/submitSideBySide.ts (`node --import <this file>`): counts
// the statements the process sends to PostgreSQL — every call of node-postgres' Client#query, so
// BEGIN and COMMIT count as one each — by the statement's first words, and writes the counts so far
// to STATEMENT_COUNT_FILE on SIGUSR2 (a line "<report number> <total>", then "<count>\t<statement>").
// node-postgres is resolved from the server's own checkout (its working directory), so the patched
// module is the one the server uses, whichever commit's tree it runs.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const file = process.env.STATEMENT_COUNT_FILE;
if (file) {
  const pg = createRequire(path.join(process.cwd(), 'package.json'))('pg');
  const query = pg.Client.prototype.query;
  const byText = new Map();
  let statements = 0;
  let reports = 0;
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    statements += 1;
    const text = typeof config === 'string' ? config : String(config?.text ?? '');
    const head = text.replace(/\s+/g, ' ').slice(0, 100);
    byText.set(head, (byText.get(head) ?? 0) + 1);
    return query.call(this, config, ...rest);
  };
  process.on('SIGUSR2', () => {
    const lines = [...byText].sort((a, b) => b[1] - a[1]).map(([text, count]) => `${count}\t${text}`);
    writeFileSync(file, `${++reports} ${statements}\n${lines.join('\n')}\n`);
  });
}
