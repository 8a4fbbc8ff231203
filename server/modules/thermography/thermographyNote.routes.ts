import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser } from '../../auth/authPlugin';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { IMAGE_UPLOAD_MAX_BYTES, INSPECTION_IMAGE_MAX_BYTES } from '../../../common/constants';
import { THERMOGRAPHY_STATUS_TARGETS, type CreateThermographyNotesRequest, type ThermographyStatusTarget } from '../../../common/thermography/note';
import { THERMOGRAPHY_MESSAGES } from '../../../common/thermography/messages';
import { createNotes, createNotesBodySchema } from './createNotes';
import { loadNote, noteView } from './noteView';
import { updateNote, updateNoteBodySchema, type UpdateNoteBody } from './updateNote';
import { changeStatus } from './changeStatus';
import { openWorkOrdersAfterAlerts } from '../workOrders/autoCreate';
import { saveEditedRealImage, saveThermalImage } from './noteImages';
import { isJpeg } from './flir/readFlir';
import { hasControlCharacter } from '../files/fileName';
import { wholePartOrNull } from '../files/uploadPart';
import type { NoteRow } from './noteView';
import { noteRadiometry, radiometryTag } from './noteRadiometry';

const tags = ['thermography'];
/** The edited real image travels as a base64 data URL: a third larger than the picture. */
const EDITED_IMAGE_MAX_BYTES = INSPECTION_IMAGE_MAX_BYTES;
const REAL_IMAGE_BODY_LIMIT = Math.ceil((EDITED_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The thermal image of a multipart request: part `thermalImage`, at most 1 MB, a JPEG by its content (DESIGN §8). */
async function thermalImageOf(request: FastifyRequest): Promise<{ name: string; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw badRequest('thermalImage', 'thermalImage must be sent as multipart/form-data');
  const part = await request.file();
  if (!part) throw badRequest('thermalImage', 'thermalImage is required');
  if (part.fieldname !== 'thermalImage') throw badRequest(part.fieldname, `${part.fieldname} is not allowed; send the picture as "thermalImage"`);
  if (hasControlCharacter(part.filename ?? '')) throw badRequest('thermalImage', 'thermalImage name must not contain control characters');
  const data = await wholePartOrNull(part);
  if (!data) throw new HttpError(413, THERMOGRAPHY_MESSAGES.fileTooLarge, { thermalImage: THERMOGRAPHY_MESSAGES.fileTooLarge });
  if (data.length === 0) throw badRequest('thermalImage', 'thermalImage is empty');
  if (!isJpeg(data)) throw new HttpError(415, 'thermalImage must be a JPEG image', { thermalImage: 'thermalImage must be a JPEG image' });
  const name = (part.filename ?? '').trim();
  return { name, bytes: new Uint8Array(data) };
}

/**
 * The six thermographyNote calls of DESIGN §8 (spec §7 "Thermography"). Each change pushes
 * update-detail for the note and its inspection, so open editors and asset details reload.
 */
export async function thermographyNoteRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 2 } });
  const db = () => app.services.db;
  const pushChanged = (reply: FastifyReply, note: Pick<NoteRow, '_id' | 'inspection'>) => {
    const pushes = app.services.pushes.forAnswer(reply);
    pushes.publish('update-detail', { type: 'thermographyNote', _id: note._id });
    pushes.publish('update-detail', { type: 'inspection', _id: note.inspection });
  };
  const viewOf = async (id: string) => {
    const loaded = await loadNote(db(), id);
    if (!loaded) throw notFound('Thermography note not found');
    return noteView(loaded);
  };

  app.post<{ Body: CreateThermographyNotesRequest }>(
    '/thermographyNote',
    {
      config: { access: { permission: 'create-thermography-note' } },
      schema: {
        tags,
        summary: "Record a thermography round's notes: one ThermographyInspection of the identification's first asset, one draft note each",
        body: createNotesBodySchema,
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const created = await createNotes(db(), currentUser(request), request.body);
      const { _id, asset, assetName, timestamp } = created.inspection;
      app.services.pushes.forAnswer(reply).publish('new-inspection', { _id, asset, assetName, checklist: '', checklistName: '', timestamp, type: 'ThermographyInspection' });
      return { inspection: _id, notes: created.notes };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/thermographyNote/:id',
    {
      config: { access: { permission: 'read-thermography-note' } },
      schema: { tags, summary: 'One thermography note with its suggested severity', params: idParamsSchema, response: { 404: errorSchema } },
    },
    (request: IdRequest) => viewOf(request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/thermographyNote/:id/radiometry',
    {
      config: { access: { permission: 'read-thermography-note' } },
      schema: {
        tags,
        summary: "The note's thermal picture as raw values (16-bit little-endian, base64) with the camera's constants, its settings and the note's corrected ones, to paint it and read temperatures; ETag of the picture and the parameters",
        params: idParamsSchema,
        response: { 404: errorSchema, 503: errorSchema },
      },
    },
    async (request: IdRequest, reply) => {
      // The same answer for as long as the note keeps this picture: a page opened again pays a round trip, not the matrix.
      reply.header('cache-control', 'private, no-cache');
      const current = await radiometryTag(db(), request.params.id);
      if (current && request.headers['if-none-match'] === current) return reply.code(304).header('etag', current).send();
      // Tagged by what it was read from, should the note have changed in between.
      const { answer, tag } = await noteRadiometry(db(), request.params.id);
      reply.header('etag', tag);
      return answer;
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateNoteBody }>(
    '/thermographyNote/:id',
    {
      config: { access: { permission: 'update-thermography-note' } },
      schema: {
        tags,
        summary: "Save a note's editable fields; corrected camera settings recompute its temperatures; an approved note answers 409",
        params: idParamsSchema,
        body: updateNoteBodySchema,
        response: { 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await updateNote(db(), request.params.id, request.body);
      const view = await viewOf(request.params.id);
      pushChanged(reply, view);
      return view;
    },
  );

  app.put<{ Params: { id: string }; Body: { status: ThermographyStatusTarget } }>(
    '/thermographyNote/:id/status',
    {
      config: { access: { anyPermission: ['update-thermography-note', 'approve-thermography-note'] } },
      schema: {
        tags,
        summary: 'Send a note for approval or delete it (update-thermography-note), or approve it (approve-thermography-note), raising its ThermographyAlert',
        params: idParamsSchema,
        body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'string', enum: [...THERMOGRAPHY_STATUS_TARGETS] } } },
        response: { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { note, alert } = await changeStatus(db(), currentUser(request), request.params.id, request.body.status);
      const view = await viewOf(note._id);
      if (alert) {
        const pushes = app.services.pushes.forAnswer(reply);
        pushes.publish('new-alert', {
          _id: alert._id,
          asset: alert.asset,
          inspection: alert.inspection,
          level: alert.level,
          timestamp: alert.timestamp,
          assetName: view.assetName ?? '',
          levelName: alert.levelName,
          color: alert.severityLevel.color,
        });
        // An approval's alert is an alert like any other to the work order rule (DESIGN §11).
        await openWorkOrdersAfterAlerts(db(), pushes, [alert._id], (error) =>
          app.log.error({ err: error }, 'a work order could not be opened for an approval alert'),
        );
      }
      pushChanged(reply, note);
      return view;
    },
  );

  app.post<{ Params: { id: string }; Querystring: { extractMoreInfo?: boolean } }>(
    '/thermographyNote/:id/thermalImage',
    {
      config: { access: { permission: 'update-thermography-note' } },
      schema: {
        tags,
        summary: 'Upload the thermal image (multipart part "thermalImage": a JPEG of at most 1 MB); extractMoreInfo=true reads its FLIR data and says in noTemperatures why a file gave none (a DJI R-JPEG, a plain JPEG…)',
        params: idParamsSchema,
        querystring: { type: 'object', properties: { extractMoreInfo: { type: 'boolean', default: false } } },
        response: { 400: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const upload = await thermalImageOf(request);
      const quota = app.services.config.uploadQuotaBytesPerHour;
      const { note, answer } = await saveThermalImage(db(), currentUser(request), request.params.id, upload, request.query.extractMoreInfo === true, quota);
      pushChanged(reply, note);
      return answer;
    },
  );

  app.put<{ Params: { id: string }; Body: { filepath: string; dataURL: string } }>(
    '/thermographyNote/:id/realImage',
    {
      bodyLimit: REAL_IMAGE_BODY_LIMIT,
      config: { access: { permission: 'update-thermography-note' } },
      schema: {
        tags,
        summary: 'Save the real image drawn on in the image editor as a new file; the original is kept',
        params: idParamsSchema,
        body: {
          type: 'object',
          required: ['filepath', 'dataURL'],
          additionalProperties: false,
          properties: { filepath: { type: 'string', minLength: 1, maxLength: 200 }, dataURL: { type: 'string', minLength: 1, maxLength: REAL_IMAGE_BODY_LIMIT } },
        },
        response: { 400: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const quota = app.services.config.uploadQuotaBytesPerHour;
      const { note, answer } = await saveEditedRealImage(db(), currentUser(request), request.params.id, request.body, EDITED_IMAGE_MAX_BYTES, quota);
      pushChanged(reply, note);
      return answer;
    },
  );
}
