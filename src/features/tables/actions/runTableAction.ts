import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';

/** What an action's script may do outside the sandbox: each call is a request to the page. */
export interface TableActionHost {
  http(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  notify(message: string, type: 'info' | 'success' | 'warning' | 'error'): void;
  refresh(): void;
  navigate(path: string): void;
  confirm(message: string): Promise<boolean>;
  prompt(message: string, options: PromptChoices): Promise<string | null>;
}

/** prompt()'s second argument: an answer that must be given, the field's label, and the confirm button's words. */
export interface PromptChoices {
  required?: boolean;
  /** The field's own label; without one the message (the dialog's title) labels it too. */
  label?: string;
  confirmLabel?: string;
}

export interface TableActionContext {
  rows: readonly unknown[];
  selected: readonly unknown[];
  filters: Record<string, unknown>;
  table: { name: string; type?: string };
  /** Calendar action buttons (docs/scripts.md): the period shown, epoch ms, both ends inclusive. */
  period?: { start: number; end: number };
}

/** Time the script itself may compute between two awaits; waiting for the network or the user does not count. */
export const ACTION_SLICE_LIMIT_MS = 2000;
export const ACTION_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

const NOTIFY_TYPES = new Set(['info', 'success', 'warning', 'error']);

/**
 * The globals of docs/scripts.md "Table actions": data arrives as JSON and every host call goes
 * through one function, so nothing of the page (window, document, fetch, storage) is reachable.
 */
const PRELUDE = `const { rows, selected, filters, table, period } = JSON.parse(__context);
const __call = (name, ...args) => __host(name, JSON.stringify(args)).then((answer) => (answer === undefined ? undefined : JSON.parse(answer)));
const http = Object.freeze({
  get: (path) => __call('http', 'GET', path),
  post: (path, body) => __call('http', 'POST', path, body),
  put: (path, body) => __call('http', 'PUT', path, body),
  delete: (path) => __call('http', 'DELETE', path),
});
const notify = (message, type = 'info') => { __call('notify', String(message), type); };
const refresh = () => { __call('refresh'); };
const navigate = (path) => __call('navigate', String(path));
const confirm = (message) => __call('confirm', String(message));
const prompt = (message, options) => __call('prompt', String(message), options || {});
`;
const PRELUDE_LINES = PRELUDE.split('\n').length;

let quickJs: Promise<typeof import('quickjs-emscripten')> | null = null;
// The interpreter (~1 MB of wasm) loads with the first action anyone runs, never with the page.
const loadQuickJs = () => (quickJs ??= import('quickjs-emscripten'));

function promptChoices(value: unknown): PromptChoices {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const text = (key: 'label' | 'confirmLabel') => (typeof given[key] === 'string' && given[key].trim() !== '' ? { [key]: given[key] } : {});
  return { required: given.required === true, ...text('label'), ...text('confirmLabel') };
}

function messageOf(error: unknown): string {
  const dumped = error as { message?: unknown; stack?: unknown } | string;
  if (typeof dumped === 'string') return dumped;
  const message = String(dumped?.message ?? 'The action failed');
  // The script's own line: the prelude and the async wrapper come before it.
  const line = /:(\d+)(?::\d+)?\)?\s*$/m.exec(String(dumped?.stack ?? ''))?.[1];
  const ownLine = line ? Number(line) - PRELUDE_LINES : NaN;
  return ownLine > 0 ? `${message} (line ${ownLine})` : message;
}

/**
 * Runs a table action's functionBody (spec §3 bulkActions/customActions) as the body of an async
 * function inside QuickJS (DESIGN §7: an explicit API object, not the page in scope). Resolves when
 * the script's promise settles; rejects with the script's error message.
 */
export async function runTableAction(functionBody: string, context: TableActionContext, host: TableActionHost): Promise<void> {
  const { getQuickJS, shouldInterruptAfterDeadline } = await loadQuickJs();
  const module = await getQuickJS();
  const runtime: QuickJSRuntime = module.newRuntime();
  runtime.setMemoryLimit(ACTION_MEMORY_LIMIT_BYTES);
  runtime.setMaxStackSize(1024 * 1024);
  const vm = runtime.newContext();
  let finished = false;
  let outOfTime = false;

  // Each stretch of script work gets its own deadline.
  const work = <T>(step: () => T): T => {
    const deadline = Date.now() + ACTION_SLICE_LIMIT_MS;
    const interrupt = shouldInterruptAfterDeadline(deadline);
    runtime.setInterruptHandler((rt) => (interrupt(rt) ? (outOfTime = true) : false));
    try {
      return step();
    } finally {
      runtime.removeInterruptHandler();
    }
  };
  const pump = () => {
    if (finished) return;
    work(() => runtime.executePendingJobs());
  };

  const hostCall = async (name: string, args: unknown[]): Promise<unknown> => {
    switch (name) {
      case 'http': {
        const [method, path, body] = args as ['GET' | 'POST' | 'PUT' | 'DELETE', unknown, unknown];
        if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) throw new Error('http takes a path of this application, such as /alert/resolve');
        return host.http(method, path, body);
      }
      case 'notify':
        host.notify(String(args[0]), NOTIFY_TYPES.has(String(args[1])) ? (args[1] as 'info') : 'info');
        return undefined;
      case 'refresh':
        host.refresh();
        return undefined;
      case 'navigate': {
        const path = String(args[0]);
        if (!path.startsWith('/') || path.startsWith('//')) throw new Error('navigate takes a path of this application, such as /home/alert/table');
        host.navigate(path);
        return undefined;
      }
      case 'confirm':
        return host.confirm(String(args[0]));
      case 'prompt':
        return host.prompt(String(args[0]), promptChoices(args[1]));
      default:
        throw new Error(`Unknown call ${name}`);
    }
  };

  // Calls the script did not wait for; rejected at the end so the runtime can be freed.
  const pending = new Set<ReturnType<QuickJSContext['newPromise']>>();
  const hostFunction = vm.newFunction('__host', (nameHandle, argsHandle) => {
    const name = vm.getString(nameHandle);
    const args = JSON.parse(vm.getString(argsHandle)) as unknown[];
    const deferred = vm.newPromise();
    pending.add(deferred);
    void deferred.settled.then(() => pending.delete(deferred));
    hostCall(name, args).then(
      (answer) => {
        if (finished) return;
        if (answer === undefined) deferred.resolve();
        else {
          const json = vm.newString(JSON.stringify(answer));
          deferred.resolve(json);
          json.dispose();
        }
      },
      (failure: unknown) => {
        if (finished) return;
        const error = vm.newError(failure instanceof Error ? failure.message : String(failure));
        deferred.reject(error);
        error.dispose();
      },
    );
    void deferred.settled.then(pump);
    return deferred.handle;
  });
  vm.setProp(vm.global, '__host', hostFunction);
  hostFunction.dispose();
  const contextJson = vm.newString(JSON.stringify(context));
  vm.setProp(vm.global, '__context', contextJson);
  contextJson.dispose();

  let promiseHandle: QuickJSHandle | null = null;
  try {
    const evaluated = work(() => vm.evalCode(`${PRELUDE}(async () => {\n${functionBody}\n})()`, 'action.js'));
    if (evaluated.error) {
      const error = vm.dump(evaluated.error);
      evaluated.error.dispose();
      throw new Error(outOfTime ? timeLimitMessage() : messageOf(error));
    }
    promiseHandle = evaluated.value;
    const settled = vm.resolvePromise(promiseHandle);
    pump();
    const outcome = await settled;
    if (outcome.error) {
      const error = vm.dump(outcome.error);
      outcome.error.dispose();
      throw new Error(outOfTime ? timeLimitMessage() : messageOf(error));
    }
    outcome.value.dispose();
  } catch (failure: unknown) {
    if (outOfTime) throw new Error(timeLimitMessage());
    throw failure;
  } finally {
    finished = true;
    for (const deferred of pending) deferred.reject();
    promiseHandle?.dispose();
    vm.dispose();
    runtime.dispose();
  }
}

const timeLimitMessage = () => `The action ran longer than its time limit of ${ACTION_SLICE_LIMIT_MS} ms`;
