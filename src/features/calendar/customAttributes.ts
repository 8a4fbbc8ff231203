import { dropdownOptions, isDropdown } from '../../../common/resources/calendarConfig';
import type { CalendarFieldDefinition, CustomAttributeValue } from './calendarConfig';

export type CustomAttributes = Record<string, CustomAttributeValue>;

/** The chosen options of a dropdown value (one for a single select, any number for a multi-select). */
export function chosenOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((option): option is string => typeof option === 'string');
  if (typeof value === 'string' && value !== '') return [value];
  return [];
}

/**
 * The options a dropdown offers (spec §2.7): its own values, or — when it depends on another
 * attribute — `dependentMappings[value of that attribute]`. The server checks a saved entry with
 * the same rule (common/resources/calendarConfig.ts).
 */
export function optionsOf(definition: CalendarFieldDefinition, attributes: CustomAttributes): string[] {
  return dropdownOptions(definition, attributes);
}

/**
 * The attributes after a change: a dependent dropdown keeps only what its new options still offer
 * (a single value no longer offered is cleared), and the clearing runs on down a chain
 * (Site → Building → Room) until nothing else changes.
 */
export function settleDependents(definitions: readonly CalendarFieldDefinition[], attributes: CustomAttributes): CustomAttributes {
  let settled = attributes;
  // Each pass can only clear values, so a chain of n dependents settles within n passes.
  for (let pass = 0; pass <= definitions.length; pass += 1) {
    let changed = false;
    for (const definition of definitions) {
      if (definition.dependsOn === undefined) continue;
      const current = settled[definition.key];
      if (current === undefined || current === null || current === '') continue;
      const offered = new Set(optionsOf(definition, settled));
      const chosen = chosenOptions(current);
      const kept = chosen.filter((option) => offered.has(option));
      if (kept.length === chosen.length) continue;
      settled = { ...settled, [definition.key]: definition.multiSelect ? kept : null };
      changed = true;
    }
    if (!changed) break;
  }
  return settled;
}

/** A changed attribute with its dependents settled. */
export function withAttribute(definitions: readonly CalendarFieldDefinition[], attributes: CustomAttributes, key: string, value: CustomAttributeValue): CustomAttributes {
  return settleDependents(definitions, { ...attributes, [key]: value });
}

/** How a definition is drawn: a dropdown (values or dependsOn, spec §3), else by its type (text by default). */
export type FieldKind = 'dropdown' | 'multiSelect' | 'text' | 'number' | 'date';

export function fieldKind(definition: CalendarFieldDefinition): FieldKind {
  if (isDropdown(definition)) return definition.multiSelect ? 'multiSelect' : 'dropdown';
  return definition.type ?? 'text';
}

/** What a new entry starts with: no option of a multi-select, empty text, nothing else. */
export function initialAttributes(definitions: readonly CalendarFieldDefinition[]): CustomAttributes {
  return Object.fromEntries(definitions.map((definition) => [definition.key, emptyValue(definition)]));
}

function emptyValue(definition: CalendarFieldDefinition): CustomAttributeValue {
  const kind = fieldKind(definition);
  if (kind === 'multiSelect') return [];
  return kind === 'text' ? '' : null;
}

const asAttribute = (value: unknown): CustomAttributeValue | undefined =>
  typeof value === 'string' || typeof value === 'number' || value === null ? value : Array.isArray(value) ? chosenOptions(value) : undefined;

/**
 * An existing entry's attributes for its form: each defined field present in its form's shape;
 * values of keys no longer defined are kept as they are (the server lets an unchanged value pass).
 */
export function attributesForEdit(definitions: readonly CalendarFieldDefinition[], stored: Record<string, unknown> | undefined): CustomAttributes {
  const attributes: CustomAttributes = {};
  for (const [key, value] of Object.entries(stored ?? {})) {
    const usable = asAttribute(value);
    if (usable !== undefined) attributes[key] = usable;
  }
  for (const definition of definitions) {
    const value = attributes[definition.key];
    if (fieldKind(definition) === 'multiSelect') attributes[definition.key] = chosenOptions(value);
    else if (value === undefined) attributes[definition.key] = emptyValue(definition);
  }
  return attributes;
}

/** A number field's text as a number; blank or not a number is no value. */
export function numberOrNull(input: string): number | null {
  if (input.trim() === '') return null;
  const value = Number(input);
  return Number.isFinite(value) ? value : null;
}

/**
 * The attributes as saved: blank text, no number, no day and an empty multi-select left out (the
 * server drops empty values too). Text goes as typed: a read-only value must come back unchanged.
 */
export function attributesToSave(attributes: CustomAttributes): Record<string, unknown> {
  const saved: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)) continue;
    saved[key] = value;
  }
  return saved;
}

/**
 * `updateReadOnlyFields` (spec §3): the custom attributes an entry fixes once it exists —
 * editable in the Add dialog, read-only in the edit dialog; the server refuses a PUT that changes
 * them (docs/schedules-calendar.md).
 */
export function isReadOnly(key: string, updateReadOnlyFields: readonly string[], editing: boolean): boolean {
  return editing && updateReadOnlyFields.includes(key);
}
