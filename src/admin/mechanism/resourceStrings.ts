import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './ResourceDefinition';

/**
 * The i18n keys a screen shows, each with the English derived from its declaration (docs/resources.md):
 * its title, New/Copy labels, the eight notices, column and input labels. en.ts must hold every one
 * of them or the derived English does (tests/web/platform/i18n checks it; src/platform/i18n/derivedEnglish.ts).
 */
export function shownKeys(definition: ResourceDefinition<RaRecord>): Record<string, string> {
  const { messages, create, copy, strings = {} } = definition;
  const keys = [definition.title, create?.label, copy?.label, ...Object.values(messages), ...(definition.remove?.confirmKey ? [definition.remove.confirmKey] : [])];
  return Object.fromEntries([...keys.filter((key): key is string => Boolean(key)).map((key) => [key, strings[key] ?? '']), ...Object.entries(strings)]);
}
