import { readFileSync } from 'node:fs';

/**
 * Where a server's time went, from a `node --cpu-prof` file (bench/tokenInit.ts's SERVER_NODE_ARGS):
 * self time by function and by package or file, over the last `seconds` before the process ended
 * (its last measured run), leaving out the last 0.7 s (shutdown).
 *   npx tsx bench/cpuProfileTop.ts /tmp/prof/CPU.….cpuprofile 7 25
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const SHUTDOWN_MICROS = 700_000;

const functionOf = ({ callFrame: f }: ProfileNode) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|common|bench)\//, '$1/')}:${f.lineNumber + 1}`;

const packageOf = ({ callFrame: f }: ProfileNode) => {
  const dependency = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(f.url);
  if (dependency) return dependency[1]!;
  const own = /\/((server|common|bench)\/.*)$/.exec(f.url);
  return own ? own[1]! : f.url || f.functionName;
};

/**
 * `window`, when given, picks the samples instead of the last `seconds`: microseconds after the
 * profile started (≈ the process started), e.g. a measured round's start and end.
 */
export function cpuProfileTop(file: string, seconds: number, top: number, window?: { fromMicros: number; toMicros: number }) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let time = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (time += delta));
  const end = window ? profile.startTime + window.toMicros : times.at(-1)! - SHUTDOWN_MICROS;
  const from = window ? profile.startTime + window.fromMicros : end - seconds * 1e6;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (times[index]! < from || times[index]! > end) return;
    const node = nodes.get(id)!;
    total++;
    byFunction.set(functionOf(node), (byFunction.get(functionOf(node)) ?? 0) + 1);
    byPackage.set(packageOf(node), (byPackage.get(packageOf(node)) ?? 0) + 1);
  });
  const ranked = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, count]) => `${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
  return { samples: total, byFunction: ranked(byFunction), byPackage: ranked(byPackage) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, seconds = '7', top = '25'] = process.argv.slice(2);
  if (!file) throw new Error('usage: npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [seconds] [top]');
  const { samples, byFunction, byPackage } = cpuProfileTop(file, Number(seconds), Number(top));
  console.log(`${samples} samples\n\nself time by function:\n${byFunction.join('\n')}\n\nself time by package or file:\n${byPackage.join('\n')}`);
}
