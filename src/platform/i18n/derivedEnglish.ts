/**
 * The English the declared resources derive (docs/resources.md): declareResource() adds a
 * declaration's keys here when the declaration is evaluated, and the i18nProvider shows them for a
 * key en.ts lacks. en.ts ∪ this is the English catalogue; en.ts holds only the spec's own spellings.
 */
const derived = new Map<string, string>();

/** A declaration's derived English, by key. */
export function addDerivedEnglish(strings: Readonly<Record<string, string>>) {
  for (const [key, text] of Object.entries(strings)) derived.set(key, text);
}

/** The derived English of `key`, if a declaration evaluated so far derives it. */
export function derivedEnglish(key: string): string | undefined {
  return derived.get(key);
}
