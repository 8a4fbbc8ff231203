import { randomBytes } from 'node:crypto';

/** 24 hex characters, like the ids the original API served; opaque strings to every client. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
