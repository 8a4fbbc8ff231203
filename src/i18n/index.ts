import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../resources/generic/ResourceDefinition';
import { derivedStrings, withDefaults, type Messages } from '../resources/generic/resourceStrings';
import { en } from './en';

const languages = [{ locale: 'en', name: 'English' }];

/** English only for now; another locale is one more messages file next to en.ts. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', languages);

/**
 * en.ts over the English the declarations derive (docs/resources.md): a key en.ts lacks shows its
 * derived text, never the raw key — for a resource being written, or registered by a test (the
 * README's recipe). The app itself uses en.ts alone: tests/web/i18n requires it to hold every key
 * of every declared resource, and the main bundle need not load the declarations.
 */
export function i18nProviderFor(definitions: readonly ResourceDefinition<RaRecord>[]) {
  const messages = withDefaults(en as unknown as Messages, derivedStrings(definitions));
  return polyglotI18nProvider(() => messages as never, 'en', languages);
}
