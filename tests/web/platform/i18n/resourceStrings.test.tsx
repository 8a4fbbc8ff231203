import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, testDataProvider, type I18nProvider, type RaRecord } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { en } from '../../../../src/platform/i18n/en';
import { i18nProvider } from '../../../../src/platform/i18n';
import { administrationResources } from '../../../../src/admin';
import type { ResourceDefinition } from '../../../../src/admin/mechanism/ResourceDefinition';
import { shownKeys } from '../../../../src/admin/mechanism/resourceStrings';

/** Every key the columns hook of a screen translates (its column labels), the lists it reads being empty. */
async function columnKeys(definition: ResourceDefinition<RaRecord>): Promise<string[]> {
  const asked = new Set<string>();
  const recording: I18nProvider = {
    ...i18nProvider,
    translate: (key, options) => {
      asked.add(key);
      return i18nProvider.translate(key, options);
    },
  };
  const dataProvider = testDataProvider({ getList: () => Promise.resolve({ data: [], total: 0 }) as never });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminContext dataProvider={dataProvider} i18nProvider={recording} store={memoryStore()}>
      {children}
    </AdminContext>
  );
  const { result } = renderHook(() => definition.useColumns([]), { wrapper });
  await waitFor(() => expect(result.current.length).toBeGreaterThan(0));
  return [...asked].filter((key) => key.startsWith('app.'));
}

/** The phrase en.ts holds at a dotted key, if any. */
function enPhrase(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * Every string an administration screen shows — title (the drawer's too), New/Copy labels, the
 * eight notices of spec §8, the delete confirmation and the column labels — resolves to a phrase of
 * the English catalogue (en.ts, or the English its declaration derives), never to the raw key, for
 * every declared resource: a new resource's missing string fails here, by name. And en.ts holds a
 * derived key only to spell it otherwise (the spec's own spellings): a copy of the derived English
 * is redundant.
 */
describe('every string of every declared resource is in the English catalogue', () => {
  it.each(administrationResources.map((definition) => [definition.name, definition] as const))('%s', async (_, definition) => {
    const keys = [...Object.keys(shownKeys(definition)), ...(await columnKeys(definition))];
    expect(keys.length).toBeGreaterThan(4);
    expect(keys.filter((key) => i18nProvider.translate(key) === key)).toEqual([]);
    const derived = Object.entries(definition.strings ?? {});
    expect(derived.filter(([key, english]) => enPhrase(key) === english).map(([key]) => key)).toEqual([]);
  });
});
