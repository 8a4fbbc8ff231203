/**
 * One write waiting in the phone's outbox (DESIGN §13, docs/offline.md). Made when the technician
 * pressed Submit and the server could not be reached; kept in IndexedDB until the server answers.
 */
export type OutboxKind =
  | 'inspection'
  | 'thermographyNote'
  | 'workOrderStatus'
  | 'workOrderActivity'
  /** A labour entry, a timer started or stopped (POST /workOrder/:id/labour[/stop]). */
  | 'workOrderLabour'
  /** A part used (POST /workOrder/:id/parts). */
  | 'workOrderPart'
  /** The asset stopped or ran again (PUT /workOrder/:id, the whole order as read). */
  | 'workOrderDowntime';

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
  /** What the photos are uploaded for (POST /file?for=…, e.g. `workOrder.activity`); an inspection's need none. */
  photoFor?: string;
  /** Enough to reopen the form it came from (Edit on a refused item): the screen's own draft. */
  draft?: unknown;
  /** Where Edit leads (an in-app path), when the item can be edited in its screen. */
  editPath?: string;
  state: OutboxState;
  /** The reason in the user's words: the server's message on a refusal, the last failure otherwise. */
  error?: string;
  /**
   * A refusal by the phone itself, not the server (the service worker, which has no translations,
   * sends too): the i18n key the queue shows instead of `error`.
   */
  refusedOnPhone?: OutboxPhoneRefusal;
  /** Why a waiting item did not go yet, for the queue to say in the user's words. */
  waitReason?: OutboxWaitReason;
  attempts: number;
  lastAttemptAt?: number;
  /** Not tried again by the timer before this time (backoff); the online event and Send now try at once. */
  nextAttemptAt?: number;
  /** Photos already uploaded for this item: local id → the server's file id (a retry does not upload them again). */
  uploadedPhotos?: Record<string, string>;
}

/** Why the phone cannot send an item at all (app.outbox.phone_refusals.*). */
export type OutboxPhoneRefusal = 'photoMissing';

export type OutboxWaitReason =
  /** The server could not be reached (no network, or it answered 5xx / 429). */
  | 'unreachable'
  /** Another tab or the service worker is sending it now (409 'still being processed'). */
  | 'inProgress'
  /** The session ended (401): sent after the user signs in again. Never discarded for it. */
  | 'signIn';

/** Local ids of photos taken offline: `local-<uuid>`; the value of an image item until it is uploaded. */
export const LOCAL_PHOTO_PREFIX = 'local-';

export const isLocalPhotoId = (value: unknown): value is string => typeof value === 'string' && value.startsWith(LOCAL_PHOTO_PREFIX);
