import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves once the process has printed `text` (stdout or stderr); rejects if it exits first. */
  printed(text: string): Promise<void>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ProcessOptions {
  /** The script run instead of `server/main.ts` (a bench's yardstick server). */
  entry?: string;
  /** The path asked until it answers 2xx. */
  readyPath?: string;
  /** Extra flags for node, e.g. `--cpu-prof` to profile the server. */
  nodeArgs?: string[];
  /** The checkout the server runs from (a bench comparing with another commit's tree); default this one. */
  cwd?: string;
}

/**
 * Starts `server/main.ts` the way `npm start` does, and waits until it answers. A PORT in `env`
 * is kept (a process restarted behind a proxy comes back at the address the proxy knows).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, options: ProcessOptions = {}): Promise<ServerProcess> {
  const { entry = 'server/main.ts', readyPath = '/api/init/applicationInfo', nodeArgs = [], cwd = root } = options;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}${readyPath}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    printed: (text) =>
      new Promise<void>((resolve, reject) => {
        const settle = (outcome: () => void) => {
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          child.off('exit', exitedFirst);
          outcome();
        };
        const check = () => {
          if (output.includes(text)) settle(resolve);
        };
        const exitedFirst = () => settle(() => reject(new Error(`server exited (${child.exitCode}) before printing "${text}":\n${output}`)));
        // Registered after the listeners that collect the output, so a chunk is in it when checked.
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        child.once('exit', exitedFirst);
        check();
        if (child.exitCode !== null) exitedFirst();
      }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
