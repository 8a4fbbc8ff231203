import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './ResourceDefinition';

/** Nested messages, as en.ts holds them. */
export type Messages = { [key: string]: string | Messages };

/**
 * The i18n keys a screen shows, each with the English derived from its declaration (docs/resources.md):
 * its title, New/Copy labels, the eight notices, column and input labels. en.ts must hold every one
 * of them (tests/web/i18n checks it); the derived text only fills a key en.ts lacks.
 */
export function shownKeys(definition: ResourceDefinition<RaRecord>): Record<string, string> {
  const { messages, create, copy, strings = {} } = definition;
  const keys = [definition.title, create?.label, copy?.label, ...Object.values(messages), ...(definition.remove?.confirmKey ? [definition.remove.confirmKey] : [])];
  return Object.fromEntries([...keys.filter((key): key is string => Boolean(key)).map((key) => [key, strings[key] ?? '']), ...Object.entries(strings)]);
}

/** 'app.vendor.created' → { app: { vendor: { created } } }, every declaration's derived English. */
export function derivedStrings(definitions: readonly ResourceDefinition<RaRecord>[]): Messages {
  const tree: Messages = {};
  for (const definition of definitions) {
    for (const [key, text] of Object.entries(definition.strings ?? {})) {
      const path = key.split('.');
      let node = tree;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Messages;
      node[path[path.length - 1] as string] = text;
    }
  }
  return tree;
}

/** `base` over `defaults`: what en.ts says wins, the derived English fills the rest. */
export function withDefaults(base: Messages, defaults: Messages): Messages {
  const merged: Messages = { ...defaults };
  for (const [key, value] of Object.entries(base)) {
    const fallback = defaults[key];
    merged[key] = typeof value === 'object' && typeof fallback === 'object' ? withDefaults(value, fallback) : value;
  }
  return merged;
}

/** Whether a dotted key is in a message tree. */
export function hasKey(messages: Messages, key: string): boolean {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return typeof node === 'string';
}
