import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { cannotReachServer, isNetworkFailure } from '../../../../src/platform/offline/serverReach';

/**
 * docs/offline.md: a read answers its stored copy only when no real answer came; a write is queued
 * on any 5xx too. The table is written by hand from those two sentences.
 */
const answered = (status: number) => new HttpError(`status ${status}`, status, {});
const cases: [string, unknown, { readUsesCopy: boolean; writeQueued: boolean }][] = [
  ['fetch rejected (no network)', new TypeError('Failed to fetch'), { readUsesCopy: true, writeQueued: true }],
  ['the user cancelled (AbortError)', new DOMException('aborted', 'AbortError'), { readUsesCopy: false, writeQueued: false }],
  ['400 (the server refused the input)', answered(400), { readUsesCopy: false, writeQueued: false }],
  ['409 (completed by someone else)', answered(409), { readUsesCopy: false, writeQueued: false }],
  ['500 (the server failed)', answered(500), { readUsesCopy: false, writeQueued: true }],
  ['502 from the proxy', answered(502), { readUsesCopy: true, writeQueued: true }],
  ['503 (database down)', answered(503), { readUsesCopy: true, writeQueued: true }],
  ['504 from the proxy', answered(504), { readUsesCopy: true, writeQueued: true }],
];

describe('when the phone treats the server as out of reach', () => {
  it.each(cases)('%s', (_name, error, expected) => {
    expect({ readUsesCopy: isNetworkFailure(error), writeQueued: cannotReachServer(error) }).toEqual(expected);
  });
});
