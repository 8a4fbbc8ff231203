import type { OfflineCatalogue } from '../../../common/resources/offlineCatalogue';
import { choosePartChoices } from '../../../common/resources/workAccounting';

/**
 * Answers to GETs the phone never made, from the offline catalogue (GET /inspection/offlineCatalogue,
 * docs/offline.md): a label scanned in a plant room opens its asset even if nobody opened it on this
 * phone before. Each entry answers exactly as the server would, or undefined when the catalogue
 * cannot say.
 */
interface CatalogueFallback {
  /** Matched against the path relative to the API base, without the query. */
  pattern: RegExp;
  answer(params: string[], query: URLSearchParams, catalogue: OfflineCatalogue): unknown;
}

const decode = (segment: string | undefined): string => {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return segment ?? '';
  }
};

const FALLBACKS: CatalogueFallback[] = [
  {
    // server/modules/assets/assetInspection.routes.ts: the identification is trimmed and compared exactly (case matters).
    pattern: /^\/asset\/identification\/group\/([^/]+)$/i,
    answer([raw], query, catalogue) {
      const identification = decode(raw).trim();
      const group = catalogue.assets
        .filter((asset) => asset.identification === identification)
        .sort((a, b) => a.name.localeCompare(b.name));
      if (query.get('expand') === 'checklists') return group;
      // Without expand the server answers the assets alone.
      return group.map(({ checklistDetails: _details, ...asset }) => asset);
    },
  },
  {
    pattern: /^\/asset\/([^/]+)\/previousInspections$/i,
    answer([raw], _query, catalogue) {
      const id = decode(raw);
      const known = catalogue.previousInspections[id];
      if (known) return known;
      // An asset of the catalogue with nothing listed has no previous inspection (or the user may not read them).
      return catalogue.assets.some((asset) => asset._id === id) ? [] : undefined;
    },
  },
  {
    // server/modules/workOrders/partsUsed.ts partChoices: the same rule on the parts the catalogue keeps.
    pattern: /^\/workOrder\/parts$/i,
    answer(_params, query, catalogue) {
      // A copy stored before parts were kept cannot say.
      return catalogue.parts ? choosePartChoices(catalogue.parts, query.get('search') ?? '') : undefined;
    },
  },
];

/** The catalogue's answer to `path` (relative to the API base, with its query), or undefined. */
export function answerFromCatalogue(path: string, catalogue: OfflineCatalogue): unknown {
  const url = new URL(path, 'http://catalogue.invalid');
  for (const fallback of FALLBACKS) {
    const match = fallback.pattern.exec(url.pathname);
    if (match) return fallback.answer(match.slice(1), url.searchParams, catalogue);
  }
  return undefined;
}
