import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 21 "Fan-out": a push written to 5,000 sockets is 5,000 socket writes on this event loop.
 * Made while a request is being answered, they would sit between the request's commit and its
 * answer (the submit's answer went from 10 ms to 150–200 ms). So the pushes a request publishes are
 * held until its answer is out — or its client has gone — and then sent in the order published.
 *
 * Handlers publish only after their transaction has committed, so what is held is always true:
 * a request that fails after publishing (an error answer, a client that hung up) still sends its
 * pushes, once; a request whose transaction rolled back has published nothing. Work a request
 * started and that outlives it (checklist scripts, a job run) publishes at once, as jobs on their
 * cron do.
 */
interface Held {
  /** The pushes waiting for the answer; null once it is out. */
  emits: (() => void)[] | null;
}

const held = new AsyncLocalStorage<Held>();

/** Runs `emit` now, or — inside a request not answered yet — as soon as it is. */
export function afterAnswer(emit: () => void): void {
  const store = held.getStore();
  if (store?.emits) store.emits.push(emit);
  else emit();
}

/**
 * Every request runs in a context that holds its pushes till its response closes; then they are
 * sent in the order published, in one tick (so each socket gets them in one write: coalescedFrames.ts).
 */
export function holdPushesUntilAnswered(app: FastifyInstance): void {
  // Callback style: `done` called inside the context, so hooks, handler and everything they start run in it.
  app.addHook('onRequest', (_request, reply, done) => {
    const store: Held = { emits: [] };
    // 'close' comes after 'finish' (the answer handed to the socket) and also when the client hung
    // up first (no 'finish' then): either way the request's pushes may go.
    reply.raw.once('close', () => {
      const emits = store.emits ?? [];
      store.emits = null;
      for (const emit of emits) emit();
    });
    held.run(store, done);
  });
}
