import * as yup from 'yup';
import { registerFieldKind, type FieldKind, type FieldMeta } from './fieldKind';
import { MAX_ID_LENGTH } from './reference';

/**
 * A stored file as a record holds it. Only `_id` is taken from a body: the server writes the rest
 * from the upload itself (server/fields/declaredFiles.ts), so a list shows and exports its name
 * without asking for the file.
 */
export interface StoredFile {
  _id: string;
  name: string;
  contentType: string;
  size: number;
}

/** What a file field takes, by content (never by name): pictures (JPEG, PNG, WebP) and PDF documents. */
export type FileType = 'image' | 'pdf';

export const FILE_CONTENT_TYPES: Readonly<Record<FileType, readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
};

export interface FileSettings {
  /** What it takes; a file field takes pictures and PDFs unless it says, a photo pictures only. */
  accept?: readonly FileType[];
}

const ACCEPT_WORDS: Record<FileType, string> = { image: 'a JPEG, PNG or WebP image', pdf: 'a PDF document' };

export const acceptedTypes = (meta: FieldMeta<FileSettings>): readonly FileType[] => meta.settings?.accept ?? (meta.kind === 'photo' ? ['image'] : ['image', 'pdf']);

/** "a JPEG, PNG or WebP image or a PDF document": what the field's refusal says it takes. */
export const acceptedWords = (meta: FieldMeta<FileSettings>): string => acceptedTypes(meta).map((type) => ACCEPT_WORDS[type]).join(' or ');

/** Whether an upload of `contentType` (as the server sniffed it) fits the field. */
export const acceptsContentType = (meta: FieldMeta<FileSettings>, contentType: string): boolean => acceptedTypes(meta).some((type) => FILE_CONTENT_TYPES[type].includes(contentType));

const isStoredFile = (value: unknown): value is StoredFile => typeof value === 'object' && value !== null && typeof (value as StoredFile)._id === 'string';

function fileKind(name: 'file' | 'photo'): FieldKind<FileSettings> {
  return {
    name,
    schema(meta) {
      const { label } = meta;
      // The id is what is checked here; the upload it names is checked, and the rest written, by the server as it saves.
      const message = `${label} must name an uploaded file`;
      const schema = yup
        .mixed<StoredFile>()
        .test('uploaded-file', message, (value) => value === null || value === undefined || (isStoredFile(value) && value._id.length > 0 && value._id.length <= MAX_ID_LENGTH))
        .default(null);
      return meta.required ? schema.required(`${label} is required`) : schema.nullable();
    },
    column: () => ({ type: 'file' }),
    input: (meta) => ({ control: 'file', accept: acceptedTypes(meta), photo: name === 'photo' }),
    text: (value) => (isStoredFile(value) ? value.name : ''),
    searched: false,
    openApi: (meta) => ({
      type: 'object',
      nullable: !meta.required,
      description: `An uploaded file (POST /file?for=<entity>.<field>): ${acceptedWords(meta)}`,
      properties: { _id: { type: 'string', minLength: 1, maxLength: MAX_ID_LENGTH } },
      required: ['_id'],
    }),
  };
}

/** A document or picture: a download in lists, its name in the spreadsheet. */
export const fileField = registerFieldKind(fileKind('file'));

/** A picture (taken with the phone's camera or chosen): a thumbnail in lists. */
export const photoField = registerFieldKind(fileKind('photo'));

/** Whether a described field holds an upload. */
export const holdsFile = (meta: FieldMeta): boolean => meta.kind === 'file' || meta.kind === 'photo';
