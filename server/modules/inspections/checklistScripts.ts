import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scripts } from '../../db/schema';
import type { AuthUser } from '../../auth/access';
import { createJobWriteApi } from '../../jobs/jobWriteApi';
import { JOB_PERMISSIONS } from '../../jobs/scheduler';
import type { AttributeValue } from '../../../common/resources/inspection';

export interface StoredForScripts {
  _id: string;
  asset: string;
  checklist: string;
  timestamp: number;
  user: string;
  attributeData: AttributeValue[];
  attributeComments: AttributeValue[];
}

/** A checklist script runs as itself, with a job's reads and write API — not as the technician. */
function checklistScriptIdentity(script: { _id: string; name: string }): AuthUser {
  return { _id: `script:${script._id}`, name: `Checklist script ${script.name}`, username: '', roleName: null, permissions: new Set(JOB_PERMISSIONS) };
}

/**
 * DESIGN §7: the scripts of an inspected checklist run after the inspection is stored — in the
 * sandbox, after the transaction, never holding up the technician's submit. A failing script is
 * logged; it cannot undo the inspection.
 */
export async function runChecklistScripts(app: FastifyInstance, assetId: string, stored: readonly StoredForScripts[]): Promise<void> {
  const catalogue = await app.services.catalogue.asset(assetId);
  if (!catalogue) return;
  const wanted = stored.map((inspection) => ({ inspection, ids: catalogue.checklists.get(inspection.checklist)?.scripts ?? [] })).filter((w) => w.ids.length > 0);
  if (wanted.length === 0) return;
  const rows = await app.services.db.select().from(scripts).where(inArray(scripts._id, [...new Set(wanted.flatMap((w) => w.ids))]));
  const byId = new Map(rows.map((row) => [row._id, row]));
  for (const { inspection, ids } of wanted) {
    for (const id of ids) {
      const script = byId.get(id);
      if (!script) continue;
      const { api, summary } = createJobWriteApi(app.services.db, app.services.pushes);
      const result = await app.services.scripts.run({ code: script.code, kind: 'checklist', input: { ...inspection }, user: checklistScriptIdentity(script), write: api });
      if (!result.ok) app.log.warn({ script: script.name, inspection: inspection._id, error: result.error }, 'checklist script failed');
      else app.log.info({ script: script.name, inspection: inspection._id, summary, logs: result.logs }, 'checklist script ran');
    }
  }
}
