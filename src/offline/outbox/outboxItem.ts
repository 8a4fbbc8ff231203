/**
 * One write waiting in the phone's outbox (DESIGN §13, docs/offline.md). Made when the technician
 * pressed Submit and the server could not be reached; kept in IndexedDB until the server answers.
 */
export type OutboxKind = 'inspection' | 'thermographyNote' | 'workOrderStatus' | 'workOrderActivity';

export type OutboxState =
  /** Waiting for the network (or for its turn). */
  | 'waiting'
  /** On its way now. */
  | 'sending'
  /** The server refused it (400, 403, 404, 409, 422): kept with the reason until edited or discarded. */
  | 'refused';

/** The request as it will be sent; `path` is relative to the API base, e.g. '/inspection'. */
export interface OutboxRequest {
  method: 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number>;
  body: unknown;
}

export interface OutboxItem {
  /** Also the request's Idempotency-Key: a UUID made when Submit was pressed. */
  id: string;
  userId: string;
  kind: OutboxKind;
  /** When Submit was pressed (epoch ms): shown in the queue, and sent where the call takes a time. */
  createdAt: number;
  /** What the technician recognises it by: the asset's name, the work order's title. */
  label: string;
  request: OutboxRequest;
  /**
   * Photos taken offline, by their local id (a key of the 'photos' store). Each is uploaded first
   * (POST /file, Idempotency-Key `<id>:photo:<localId>`), and every occurrence of the local id in
   * `request.body` is replaced by the uploaded file's id before the write is sent.
   */
  photoIds: string[];
  /** Enough to reopen the form it came from (Edit on a refused item): the screen's own draft. */
  draft?: unknown;
  /** Where Edit leads (an in-app path), when the item can be edited in its screen. */
  editPath?: string;
  state: OutboxState;
  /** The reason in the user's words: the server's message on a refusal, the last failure otherwise. */
  error?: string;
  attempts: number;
  lastAttemptAt?: number;
}
