import { jsonResponse, type ApiCall } from './mockApi';

type Row = Record<string, unknown>;

/**
 * What the screen shows of a row's field, as the fake server sorts and searches it (a list joined
 * with ', ', ids resolved through `shown`); the real server's rules are held by
 * tests/api/administration/serverPaging.test.ts.
 */
export type ShownFields = Record<string, (row: Row) => string>;

function textOf(row: Row, field: string, shown: ShownFields): string {
  if (shown[field]) return shown[field](row);
  const [base = '', key] = field.split('.');
  const value = key === undefined ? row[base] : (row[base] as Row | undefined)?.[key];
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined || value === null ? '' : String(value);
}

/**
 * A fake of a list call (DESIGN §3) for web tests: without `range`, every row as an array (the
 * spec's whole-list call that pickers make); with `range`, the page of rows matching
 * `filter.q`, sorted by every `sort` term (empty values last ascending), and its Content-Range.
 */
export function serverList(entity: string, rows: readonly Row[], shown: ShownFields = {}) {
  return (call: ApiCall) => {
    const params = new URLSearchParams(call.search);
    const range = params.get('range');
    if (!range) return jsonResponse(200, rows);
    const [first, last] = JSON.parse(range) as [number, number];
    const rawSort = params.get('sort') ? (JSON.parse(params.get('sort') as string) as unknown[]) : [];
    const terms = (typeof rawSort[0] === 'string' ? [rawSort] : rawSort) as [string, string][];
    const q = ((JSON.parse(params.get('filter') ?? '{}') as { q?: string }).q ?? '').toLowerCase();
    const fields = [...new Set([...rows.flatMap((row) => Object.keys(row)), ...Object.keys(shown)])].filter((field) => field !== '_id');
    const matching = rows.filter((row) => !q || fields.some((field) => textOf(row, field, shown).toLowerCase().includes(q)));
    const sorted = [...matching].sort((a, b) => {
      for (const [field, order] of terms) {
        const x = textOf(a, field, shown).toLowerCase();
        const y = textOf(b, field, shown).toLowerCase();
        if (x === y) continue;
        const ascending = !x ? 1 : !y ? -1 : x < y ? -1 : 1;
        return order === 'DESC' ? -ascending : ascending;
      }
      return 0;
    });
    const page = sorted.slice(first, last + 1);
    const response = jsonResponse(200, page);
    response.headers.set('Content-Range', `${entity} ${first}-${page.length ? first + page.length - 1 : first}/${matching.length}`);
    return response;
  };
}
