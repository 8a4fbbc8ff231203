import type { ServerResponse } from 'node:http';

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
 *
 * The handler names its answer (pushHub's `forAnswer(reply)`) rather than an AsyncLocalStorage
 * context finding it: a context opened for every request made Node run its async hooks on every
 * promise of every request, publishing or not (issue 39 §8). A request that publishes nothing
 * costs nothing here.
 */
const held = new WeakMap<ServerResponse, (() => void)[]>();

/** Runs `emit` once `response` is closed: at once if it is, else after what was held before it. */
export function afterAnswer(response: ServerResponse, emit: () => void): void {
  if (response.closed) {
    emit();
    return;
  }
  let emits = held.get(response);
  if (!emits) {
    const waiting: (() => void)[] = [];
    held.set(response, waiting);
    // 'close' comes after 'finish' (the answer handed to the socket) and also when the client hung
    // up first (no 'finish' then): either way the request's pushes may go, in one tick (so each
    // socket gets them in one write: coalescedFrames.ts). Later ones go at once (closed above).
    response.once('close', () => {
      held.delete(response);
      for (const waitingEmit of waiting) waitingEmit();
    });
    emits = waiting;
  }
  emits.push(emit);
}
