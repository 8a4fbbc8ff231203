import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { describedFields, field, fieldKind, registerFieldKind, type FieldKind } from '../../common/fields';
import { strictObject } from '../../common/resources/schemaParts';
import { stockItemSchema } from '../fixtures/fieldKinds/stockItem';

/** The message `record`'s field `name` gets, as the server checks bodies (strict: no coercion), or null when valid. */
function messageIn(schema: AnyObjectSchema, name: string, record: Record<string, unknown>): string | null {
  try {
    schema.validateSyncAt(name, record, { strict: true });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

const messageOf = (name: string, value: unknown) => messageIn(stockItemSchema, name, { name: 'Impeller', [name]: value });

const kindOf = (name: string) => describedFields(stockItemSchema).find((entry) => entry.field === name)!;
const textOf = (name: string, value: unknown, timeZone?: string) => {
  const { kind, meta } = kindOf(name);
  return kind.text(value, meta, { record: {}, timeZone });
};

/** DESIGN §15: each kind's rule, worded in the field's label; bounds are what the column holds (PostgreSQL integer, numeric(15, scale)). */
describe('field kinds: what a value must be', () => {
  it.each<[string, unknown, string | null]>([
    ['name', '', 'Name is required'],
    ['name', '   ', 'Name must not be blank'],
    ['quantity', 12, null],
    ['quantity', null, null],
    ['quantity', 2_147_483_647, null],
    ['quantity', 3e9, 'Quantity on hand must be at most 2147483647'],
    ['quantity', -1, 'Quantity on hand must be at least 0'],
    ['quantity', 2.5, 'Quantity on hand must be a whole number'],
    ['quantity', '5', 'Quantity on hand must be a whole number'],
    ['unitCost', 1e10, null],
    ['unitCost', 12.5, null],
    ['unitCost', 12.345, 'Unit cost must have at most 2 decimal places'],
    ['unitCost', -0.01, 'Unit cost must be at least 0'],
    ['unitCost', 1e13, 'Unit cost must be at most 9999999999999.99'],
    ['rating', 7.5, null],
    ['rating', 7.25, 'Rating must have at most 1 decimal places'],
    ['rating', 1000.1, 'Rating must be at most 1000'],
    ['rating', 'high', 'Rating must be a number'],
    ['criticality', 'medium', null],
    ['criticality', '', null],
    ['criticality', 'extreme', 'Criticality must be one of: low, medium, high'],
    ['trades', ['mechanical', 'electrical'], null],
    ['trades', ['plumbing'], 'Trades must hold only: electrical, mechanical'],
    ['trades', ['electrical', 'electrical'], 'Trades must not hold the same option twice'],
    ['website', 'https://pumps.example/manuals', null],
    ['website', 'javascript:alert(1)', 'Website is not a web address (https://…)'],
    ['phone', '+49 (30) 1234-567', null],
    ['phone', 'call me', 'Phone is not a valid phone number'],
    ['phone', '12', 'Phone is not a valid phone number'],
    ['colour', '#1a2b3c', null],
    ['colour', 'red;background:url(x)', 'Colour must be at most 7 characters'],
    ['colour', 'red', 'Colour must be a colour as #rrggbb'],
    ['warrantyEnds', '2028-02-29', null],
    ['warrantyEnds', '2027-02-29', 'Warranty ends must be a date (YYYY-MM-DD)'],
    ['warrantyEnds', '29.02.2028', 'Warranty ends must be a date (YYYY-MM-DD)'],
    ['arrivedAt', Date.UTC(2026, 2, 9), null],
    ['arrivedAt', -1, 'Arrived at must be a time (milliseconds since 1970)'],
    ['arrivedAt', 1.5, 'Arrived at must be a time (milliseconds since 1970)'],
    ['contactEmail', 'stores@plant.example', null],
    ['contactEmail', 'stores at plant', 'Contact email is not a valid email address'],
    ['tags', ['spare', 'pump'], null],
    ['tags', 'spare', 'Tags must be a list'],
    // Rich text: a text of HTML within its bound (the server sanitises it as it stores it: tests/api).
    ['notes', '<p>Check the <b>seal</b></p>', null],
    ['notes', 'x'.repeat(2000), null],
    ['notes', 'x'.repeat(2001), 'Notes must be at most 2000 characters'],
    ['notes', ['<p>'], 'Notes must be a text'],
    // A file names an upload by its id; what else a body says of it the server rewrites (tests/api).
    ['picture', { _id: 'f-1' }, null],
    ['picture', { _id: 'f-1', name: 'pump.jpg', contentType: 'image/jpeg', size: 1200 }, null],
    ['picture', null, null],
    ['picture', 'f-1', 'Picture must name an uploaded file'],
    ['picture', {}, 'Picture must name an uploaded file'],
    ['picture', { _id: '' }, 'Picture must name an uploaded file'],
    ['picture', { _id: 'x'.repeat(65) }, 'Picture must name an uploaded file'],
    ['manual', [{ _id: 'f-1' }], 'Manual must name an uploaded file'],
  ])('%s = %j → %s', (name, value, expected) => {
    expect(messageOf(name, value)).toBe(expected);
  });
});

describe('field kinds: what a list shows and sorts by', () => {
  it.each<[string, unknown, string]>([
    ['quantity', 12, '12'],
    ['quantity', null, ''],
    ['unitCost', 12.5, '12.50 EUR'],
    ['rating', 7, '7.0 kW'],
    ['criticality', 'high', 'high'],
    ['trades', ['mechanical', 'electrical'], 'electrical, mechanical'],
    ['warrantyEnds', '2026-03-09', '2026/03/09'],
    ['tags', ['spare', 'pump'], 'spare, pump'],
    // Rich text as its text: no tag, entities read, blocks apart, no script's text.
    ['notes', '<p>Check the <b>seal</b></p><p>A &amp; B</p><script>alert(1)</script>', 'Check the seal A & B'],
    ['notes', '', ''],
    ['manual', { _id: 'f-2', name: 'pump manual.pdf', contentType: 'application/pdf', size: 52_000 }, 'pump manual.pdf'],
    ['manual', null, ''],
  ])('%s %j shows %j', (name, value, shown) => {
    expect(textOf(name, value)).toBe(shown);
  });

  it('shows a time in the zone it is given, in spec §9 form', () => {
    expect(textOf('arrivedAt', Date.UTC(2026, 2, 9, 14, 5), 'UTC')).toBe('2026/03/09 02:05 PM');
    expect(textOf('arrivedAt', Date.UTC(2026, 2, 9, 14, 5), 'Europe/Berlin')).toBe('2026/03/09 03:05 PM');
  });

  it('sorts numbers as numbers and choices in their options’ order', () => {
    const sort = (name: string, values: unknown[]) => {
      const { kind, meta } = kindOf(name);
      return [...values].sort((a, b) => Number(kind.sortValue!(a, meta, { record: {} })) - Number(kind.sortValue!(b, meta, { record: {} })));
    };
    expect(sort('quantity', [10, 2, 33])).toEqual([2, 10, 33]);
    expect(sort('criticality', ['medium', 'high', 'low'])).toEqual(['low', 'medium', 'high']);
  });

  it('keeps numbers numbers in a spreadsheet and days Excel dates', () => {
    const { kind, meta } = kindOf('unitCost');
    expect(kind.sheetValue!(12.5, meta, { record: {} })).toBe(12.5);
    const day = kindOf('warrantyEnds');
    expect(day.kind.sheetValue!('2026-03-09', day.meta, { record: {} })).toEqual(new Date(Date.UTC(2026, 2, 9)));
  });
});

describe('field kinds: inputs and OpenAPI', () => {
  const inputOf = (name: string) => {
    const { kind, meta } = kindOf(name);
    return kind.input?.(meta);
  };

  it("gives phones the keyboard of the value, and no input the browser's own limits", () => {
    expect(inputOf('quantity')).toEqual({ control: 'number', inputMode: 'numeric', unit: undefined });
    expect(inputOf('unitCost')).toEqual({ control: 'number', inputMode: 'decimal', unit: 'EUR' });
    expect(inputOf('phone')).toEqual({ control: 'text', inputMode: 'tel' });
    expect(inputOf('contactEmail')).toEqual({ control: 'text', inputMode: 'email' });
    expect(inputOf('website')).toEqual({ control: 'text', inputMode: 'url' });
    expect(inputOf('criticality')).toEqual({ control: 'choice', options: ['low', 'medium', 'high'], multiple: false });
    expect(inputOf('notes')).toEqual({ control: 'html' });
    expect(inputOf('picture')).toEqual({ control: 'file', accept: ['image'], photo: true });
    expect(inputOf('manual')).toEqual({ control: 'file', accept: ['image', 'pdf'], photo: false });
    expect(kindOf('manual').kind.searched).toBe(false);
    expect(kindOf('notes').kind.searched).toBe(true);
  });

  it('describes each value with its bounds', () => {
    const openApi = (name: string) => {
      const { kind, meta } = kindOf(name);
      return kind.openApi(meta);
    };
    expect(openApi('quantity')).toEqual({ type: 'integer', minimum: 0, maximum: 2_147_483_647, nullable: true });
    expect(openApi('unitCost')).toEqual({ type: 'number', minimum: 0, maximum: 9_999_999_999_999.99, nullable: true });
    expect(openApi('criticality')).toEqual({ type: 'string', enum: ['', 'low', 'medium', 'high'] });
    expect(openApi('name')).toEqual({ type: 'string', maxLength: 200 });
    expect(openApi('notes')).toEqual({ type: 'string', maxLength: 2000, contentMediaType: 'text/html' });
    expect(openApi('picture')).toMatchObject({ type: 'object', nullable: true, properties: { _id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['_id'] });
  });

  it('refuses a declaration whose bounds its column cannot hold', () => {
    expect(() => field.integer('Count', { max: 3e9 })).toThrow(/not within what its column holds/);
  });
});

describe('an application kind', () => {
  it('is declared like a built-in once registered, and a name taken twice is refused', () => {
    const grade: FieldKind<{ pass: number }> = {
      name: 'testGrade',
      schema: (meta) => field.integer(meta.label, { min: 0, max: 100 }),
      column: () => ({ type: 'integer' }),
      input: null,
      text: (value, meta) => (typeof value === 'number' ? (value >= (meta.settings?.pass ?? 50) ? 'pass' : 'fail') : ''),
      chip: (value, meta) => (typeof value === 'number' ? { label: `${value}`, tone: value >= (meta.settings?.pass ?? 50) ? 'success' : 'error' } : null),
      searched: false,
      openApi: () => ({ type: 'integer' }),
    };
    registerFieldKind(grade);
    const schema = strictObject({ name: field.name(), score: field.of('testGrade', 'Score', { pass: 60 }) });
    const [, score] = describedFields(schema);
    expect(score?.kind).toBe(fieldKind('testGrade'));
    expect(score?.kind.text(59, score.meta, { record: {} })).toBe('fail');
    expect(score?.kind.chip?.(75, score.meta, { record: {} })).toEqual({ label: '75', tone: 'success' });
    expect(() => registerFieldKind({ ...grade })).toThrow(/registered twice/);
    expect(() => field.of('noSuchKind', 'X')).toThrow(/Unknown field kind "noSuchKind"/);
  });
});

/** A choice that always holds an option (a table's type) and options shown by their labels (a report's formats). */
describe('choices with an initial value and labels', () => {
  const schema = strictObject({
    kind: field.choice('Kind', ['asset', 'alert'], { initial: 'asset' }),
    formats: field.multiChoice('Formats', ['pdf', 'xls', 'doc'], { initial: ['pdf', 'xls', 'doc'], labels: { pdf: 'PDF', xls: 'XLS', doc: 'DOC' } }),
  });
  const described = (name: string) => describedFields(schema).find((entry) => entry.field === name)!;
  const refusal = (name: string, value: unknown) => messageIn(schema, name, { [name]: value });

  it('fills a body that leaves them out with the initial value', () => {
    expect(schema.cast({})).toEqual({ kind: 'asset', formats: ['pdf', 'xls', 'doc'] });
  });

  it('refuses a blank choice that has an initial value, as any value not among the options', () => {
    expect(refusal('kind', '')).toBe('Kind must be one of: asset, alert');
    expect(refusal('kind', 'breakdown')).toBe('Kind must be one of: asset, alert');
    expect(refusal('kind', 'alert')).toBeNull();
    expect(refusal('formats', [])).toBeNull();
  });

  it('names an option not offered where it is in the list', () => {
    try {
      schema.validateSync({ formats: ['pdf', 'csv'] }, { strict: true });
      expect.unreachable('csv is not a format');
    } catch (error) {
      expect((error as ValidationError).path).toBe('formats[1]');
      expect((error as ValidationError).message).toBe('Formats must hold only: pdf, xls, doc');
    }
  });

  it('shows options by their labels, in the options’ order, and offers no blank for a choice always held', () => {
    const formats = described('formats');
    expect(formats.kind.text(['doc', 'pdf'], formats.meta, { record: {} })).toBe('PDF, DOC');
    expect(formats.kind.input!(formats.meta)).toMatchObject({ control: 'choice', multiple: true, labels: { pdf: 'PDF' } });
    const kind = described('kind');
    expect(kind.kind.input!(kind.meta)).toMatchObject({ control: 'choice', multiple: false, blank: false });
    expect(kind.kind.openApi(kind.meta)).toEqual({ type: 'string', enum: ['asset', 'alert'] });
  });
});

/** Spec §3, §5: a free map of names to values (a user's custom attributes, a widget's options) and option values in order. */
describe('named values and texts', () => {
  const schema = strictObject({
    attributes: field.namedValues('Custom attributes', { item: 'custom attribute' }),
    options: field.namedValues('Options', { item: 'option', typed: true }),
    values: field.texts('Options', { item: 'option' }),
  });
  const problem = (name: string, value: unknown) => messageIn(schema, name, { [name]: value });

  it.each<[string, unknown, string | null]>([
    ['attributes', { site: 'North', badge: '' }, null],
    ['attributes', { ' ': 'x' }, 'Custom attributes: a name must not be blank'],
    ['attributes', { crew: 3 }, 'Custom attributes: crew must be a text'],
    ['attributes', ['site'], 'Custom attributes must be a map of names to values'],
    ['attributes', { site: 'x'.repeat(2001) }, 'Custom attributes: site must be at most 2000 characters'],
    ['attributes', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, ''])), 'Custom attributes must hold at most 100 values'],
    ['options', { caption: 'Open', max: 10, shown: true }, null],
    ['options', { color: { r: 1 } }, 'Options: color must be a text, a number or yes/no'],
    ['values', ['Good', 'Bad'], null],
    ['values', ['Good', '  '], 'Options: a value must not be blank'],
    ['values', [1], 'Options must hold texts'],
    ['values', 'Good', 'Options must be a list'],
  ])('%s %j: %s', (name, value, expected) => {
    expect(problem(name, value)).toBe(expected);
  });

  it('shows a map as name: value pairs and texts comma-joined, and takes them as jsonb and text[]', () => {
    const [attributes, options, values] = describedFields(schema);
    expect(attributes!.kind.text({ site: 'North', shift: 'night' }, attributes!.meta, { record: {} })).toBe('site: North, shift: night');
    expect(values!.kind.text(['Good', 'Bad'], values!.meta, { record: {} })).toBe('Good, Bad');
    expect([attributes!.kind.column?.(attributes!.meta), values!.kind.column?.(values!.meta)]).toEqual([{ type: 'json' }, { type: 'text[]' }]);
    expect([attributes!.kind.input?.(attributes!.meta), options!.kind.input?.(options!.meta), values!.kind.input?.(values!.meta)]).toEqual([
      { control: 'namedValues', item: 'custom attribute', typed: false },
      { control: 'namedValues', item: 'option', typed: true },
      { control: 'texts', item: 'option' },
    ]);
  });
});
