import polyglotI18nProvider from 'ra-i18n-polyglot';
import { derivedEnglish } from './derivedEnglish';
import { en } from './en';

const languages = [{ locale: 'en', name: 'English' }];

/** %{name} filled from the options, as polyglot fills en.ts's phrases. */
function interpolate(phrase: string, options: Record<string, unknown> = {}) {
  return phrase.replace(/%\{(.*?)\}/g, (whole, name: string) => (options[name] === undefined ? whole : String(options[name])));
}

/**
 * English only for now; another locale is one more messages file next to en.ts. A key en.ts lacks
 * shows the English its resource's declaration derives (src/platform/i18n/derivedEnglish.ts), else the raw
 * key with polyglot's warning.
 */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', languages, {
  onMissingKey: (key: string, options?: Record<string, unknown>) => {
    const english = derivedEnglish(key);
    if (english !== undefined) return interpolate(english, options);
    console.warn(`Missing translation for key: "${key}"`);
    return key;
  },
});
