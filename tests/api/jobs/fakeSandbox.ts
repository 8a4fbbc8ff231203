import type { RunRequest, RunResult, ScriptSandbox } from '../../../server/sandbox/sandboxTypes';

export type FakeScript = (request: RunRequest) => Promise<unknown> | unknown;

/**
 * A stand-in for the QuickJS sandbox (server/sandbox/sandboxTypes.ts): a script's code names one
 * of `scripts`, which runs in the test's own engine with the request (write API included).
 * Unknown code or a throw gives the error result the real sandbox gives.
 */
export function fakeSandbox(scripts: Record<string, FakeScript>) {
  const calls: RunRequest[] = [];
  let running = 0;
  const sandbox: ScriptSandbox & { calls: RunRequest[] } = {
    calls,
    async run(request): Promise<RunResult> {
      calls.push(request);
      const script = scripts[request.code.trim()];
      if (!script) return { ok: false, error: { kind: 'syntax', message: `SyntaxError: unknown fake script ${request.code} (line 1)`, line: 1 }, logs: [], durationMs: 0 };
      running += 1;
      try {
        return { ok: true, value: await script(request), logs: [], durationMs: 1 };
      } catch (error) {
        return { ok: false, error: { kind: 'runtime', message: `Error: ${(error as Error).message}`, line: null }, logs: [], durationMs: 1 };
      } finally {
        running -= 1;
      }
    },
    activity: () => ({ workers: 1, running, waiting: 0 }),
    async close() {},
  };
  return sandbox;
}
