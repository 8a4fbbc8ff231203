import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** English only for now; another locale is one more messages file next to en.ts. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }]);
