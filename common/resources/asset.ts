import * as yup from 'yup';
import { QR_ASSET_PREFIX } from '../constants';
import { MAX_LIST_IDS, idString, nonBlank, strictObject, stringList } from './schemaParts';
import { described, field } from '../fields';

/** Spec §3: static attribute types; a new one is a string. */
export const STATIC_ATTRIBUTE_TYPES = ['string', 'image', 'file'] as const;
export type StaticAttributeType = (typeof STATIC_ATTRIBUTE_TYPES)[number];

export interface StaticAttribute {
  name: string;
  value: string;
  type: StaticAttributeType;
  sequenceId: number;
}

export interface ChecklistOption {
  name: string;
  btnName: string;
  checklistIds: string[];
}

export interface Asset {
  _id: string;
  name: string;
  identification: string;
  tags: string[];
  checklists: string[];
  staticAttributes: StaticAttribute[];
  checklistOptions: ChecklistOption[];
  message: string;
}

/** Tags an asset may carry, and the length of one (docs/administration.md): a label, not a document. */
export const MAX_ASSET_TAGS = 50;
export const MAX_TAG_LENGTH = 100;

export const assetSchema = strictObject({
  name: field.name(),
  // What its QR label carries (docs/qr-labels.md): a blank one could never be scanned.
  identification: field.text('Identification', { required: true }),
  tags: described(
    stringList()
      // First: a list over the cap is refused before its values are looked at.
      .max(MAX_ASSET_TAGS, `tags must hold at most ${MAX_ASSET_TAGS} values`)
      .test('non-blank', 'tags must not hold blank values', (tags) => (tags ?? []).every((t) => typeof t === 'string' && t.trim().length > 0))
      .test('length', `tags must each be at most ${MAX_TAG_LENGTH} characters`, (tags) => (tags ?? []).every((t) => typeof t !== 'string' || t.length <= MAX_TAG_LENGTH)),
    { label: 'Tags', kind: 'tags' },
  ),
  // An archived checklist stays on its assets (hidden from technicians): named, marked archived.
  checklists: field.references('Checklists', 'checklist', { withArchived: true }),
  staticAttributes: yup
    .array(
      strictObject({
        name: nonBlank(),
        value: yup.string().max(100_000).default(''),
        type: yup.string().oneOf([...STATIC_ATTRIBUTE_TYPES]).default('string'),
        sequenceId: yup.number().required('${path} is required'),
      }),
    )
    .default([]),
  checklistOptions: yup
    .array(
      strictObject({
        name: nonBlank(),
        btnName: yup.string().max(200).default(''),
        checklistIds: yup.array(idString().required()).default([]).max(MAX_LIST_IDS),
      }),
    )
    .default([]),
  message: yup.string().max(100_000).default(''),
});

/** Spec §2.9: new tags and keys join the local list, which stays sorted; blank or known adds nothing. */
export function addSorted(list: readonly string[], value: string | null | undefined): string[] {
  const entry = value?.trim();
  if (!entry || list.includes(entry)) return [...list];
  return [...list, entry].sort((a, b) => a.localeCompare(b));
}

/**
 * The payload of an asset's QR label: the spec's ASSET_ID prefix and the identification
 * (docs/qr-labels.md). The technician scanner ignores codes without the prefix (spec §5).
 */
export const ASSET_QR_SEPARATOR = ':';

export function assetQrPayload(identification: string): string {
  return `${QR_ASSET_PREFIX}${ASSET_QR_SEPARATOR}${identification}`;
}

/** The identification carried by a scanned code, or null when it is not an asset code. */
export function parseAssetQrPayload(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(QR_ASSET_PREFIX)) return null;
  const rest = trimmed.slice(QR_ASSET_PREFIX.length).replace(/^[:/_\-\s]/, '').trim();
  return rest.length > 0 ? rest : null;
}
