import type { AuthUser } from '../auth/access';

/**
 * The contract of the script sandbox (DESIGN §7, docs/scripts.md). Administrators' JavaScript runs
 * in QuickJS, in worker threads, never in the server's own engine. A script is the body of a
 * function: `input` (filter values), `user` ({_id, name, roleName, permissions}) and `query`
 * (read-only entity API, restricted to what `user` may read) are in scope; jobs also get `write`.
 * It returns a JSON-serialisable value.
 */
export type ScriptKind = 'table' | 'widget' | 'report' | 'job' | 'checklist' | 'preview';

export interface RunRequest {
  code: string;
  kind: ScriptKind;
  /** Filter values, or what the caller hands the script (e.g. a stored inspection for checklist scripts). */
  input: Record<string, unknown>;
  /** Whose permissions restrict `query` (a job runs under its own identity). */
  user: AuthUser;
  /** Default: the configured limit (SCRIPT_TIME_LIMIT_MS, 2000). */
  timeLimitMs?: number;
  /** Only for jobs: the small write API (create inspection schedules, alerts…). */
  write?: ScriptWriteApi;
}

/** The user the script sees as `user` (DESIGN §7: id, name, role, permissions). */
export interface ScriptUser {
  _id: string;
  name: string;
  username: string;
  roleName: string | null;
  permissions: string[];
}

export interface ScriptWriteApi {
  createInspectionSchedule(input: { asset: string; checklists: string[]; start: number; end: number }): Promise<{ _id: string }>;
  createAlert(input: { asset: string; level?: string | null; message: string; inspection?: string | null }): Promise<{ _id: string }>;
}

export type ScriptErrorKind = 'syntax' | 'runtime' | 'timeout' | 'memory' | 'output' | 'input' | 'unavailable' | 'busy';

export interface ScriptError {
  kind: ScriptErrorKind;
  /** For the administrator: 'ReferenceError: fetch is not defined (line 3)'. */
  message: string;
  /** 1-based line in the script's own code, when known. */
  line: number | null;
}

export type RunResult =
  /** `reads`: the entities the run queried (a dashboard reloads a widget when one of them changes). */
  | { ok: true; value: unknown; logs: string[]; durationMs: number; reads?: string[] }
  | { ok: false; error: ScriptError; logs: string[]; durationMs: number };

/** What the sandbox is doing now: worker threads started, runs on them, runs waiting for one. */
export interface SandboxActivity {
  workers: number;
  running: number;
  waiting: number;
}

export interface ScriptSandbox {
  run(request: RunRequest): Promise<RunResult>;
  activity(): SandboxActivity;
  close(): Promise<void>;
}
