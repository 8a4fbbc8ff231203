// Where every pool thread starts (workerPool.ts): tsx's loader first, so that the TypeScript task
// modules load under vitest and a plain `node` as under the server's tsx; then the thread's side
// of the pool. The only JavaScript file among the workers: what loads TypeScript cannot be it.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./workerTask.ts');
export default runTask;
