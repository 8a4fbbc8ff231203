import { ensureWebBuild } from './webBuild';

/** `npm start`: the built web app (rebuilt only when stale) served by the server, on the embedded database by default. */
await ensureWebBuild();
await import('../server/main');
