import type { CustomAttributeValue, CustomFieldDefinition } from './calendarConfig';

export type CustomAttributes = Record<string, CustomAttributeValue>;

/** The chosen options of a dropdown value (one for a single select, any number for a multi-select). */
export function chosenOptions(value: CustomAttributeValue | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value !== '') return [value];
  return [];
}

/**
 * The options a dropdown offers (spec §2.7): its own values, or — when it depends on another
 * attribute — `dependentMappings[value of that attribute]`; for a multi-select parent, the options
 * of every chosen value, each once. Nothing chosen above, nothing offered below.
 */
export function optionsOf(definition: CustomFieldDefinition, attributes: CustomAttributes): string[] {
  if (!definition.dependsOn) return definition.values;
  const options = chosenOptions(attributes[definition.dependsOn]).flatMap((parent) => definition.dependentMappings[parent] ?? []);
  return [...new Set(options)];
}

/**
 * The attributes after a change: a dependent dropdown keeps only what its new options still offer
 * (a single value no longer offered is cleared), and the clearing runs on down a chain
 * (Site → Building → Room) until nothing else changes.
 */
export function settleDependents(definitions: readonly CustomFieldDefinition[], attributes: CustomAttributes): CustomAttributes {
  let settled = attributes;
  // Each pass can only clear values, so a chain of n dependents settles within n passes.
  for (let pass = 0; pass <= definitions.length; pass += 1) {
    let changed = false;
    for (const definition of definitions) {
      if (definition.type !== 'dropdown' || !definition.dependsOn) continue;
      const current = settled[definition.key];
      if (current === undefined || current === null) continue;
      const offered = new Set(optionsOf(definition, settled));
      const next = Array.isArray(current) ? current.filter((option) => offered.has(option)) : typeof current === 'string' && current !== '' && !offered.has(current) ? null : current;
      if (Array.isArray(next) && Array.isArray(current) && next.length === current.length) continue;
      if (next === current) continue;
      settled = { ...settled, [definition.key]: next };
      changed = true;
    }
    if (!changed) break;
  }
  return settled;
}

/** A changed attribute with its dependents settled. */
export function withAttribute(definitions: readonly CustomFieldDefinition[], attributes: CustomAttributes, key: string, value: CustomAttributeValue): CustomAttributes {
  return settleDependents(definitions, { ...attributes, [key]: value });
}

/**
 * What a new entry starts with: text and number fields their default text (a number field only
 * when that text is a number), a multi-select no option, everything else nothing.
 */
export function initialAttributes(definitions: readonly CustomFieldDefinition[]): CustomAttributes {
  const attributes: CustomAttributes = {};
  for (const definition of definitions) {
    if (definition.type === 'dropdown' && definition.multiSelect) attributes[definition.key] = [];
    else if (definition.type === 'text') attributes[definition.key] = definition.defaultText ?? '';
    else if (definition.type === 'number') attributes[definition.key] = numberOrNull(definition.defaultText ?? '');
    else attributes[definition.key] = null;
  }
  return attributes;
}

/** An existing entry's attributes for its form: each defined field present, in its form's shape. */
export function attributesForEdit(definitions: readonly CustomFieldDefinition[], stored: CustomAttributes | undefined): CustomAttributes {
  const attributes: CustomAttributes = { ...(stored ?? {}) };
  for (const definition of definitions) {
    const value = attributes[definition.key];
    if (definition.type === 'dropdown' && definition.multiSelect) attributes[definition.key] = chosenOptions(value);
    else if (value === undefined) attributes[definition.key] = definition.type === 'text' ? '' : null;
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
 * The attributes as saved: blank text, no number, no day and an empty multi-select are left out,
 * so an entry does not carry empty keys.
 */
export function attributesToSave(definitions: readonly CustomFieldDefinition[], attributes: CustomAttributes): CustomAttributes {
  const saved: CustomAttributes = {};
  for (const definition of definitions) {
    const value = attributes[definition.key];
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    saved[definition.key] = typeof value === 'string' && definition.type === 'text' ? value.trim() : value;
    if (saved[definition.key] === '') delete saved[definition.key];
  }
  return saved;
}

/**
 * `updateReadOnlyFields` (spec §3): read from its name, the custom attributes an entry fixes once it
 * exists — editable in the Add dialog, read-only in the edit dialog (docs/calendar.md).
 */
export function isReadOnly(key: string, updateReadOnlyFields: readonly string[], editing: boolean): boolean {
  return editing && updateReadOnlyFields.includes(key);
}
