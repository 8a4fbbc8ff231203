import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { configEntries } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { describedFields, type FieldMeta } from '../../common/fields';
import { configuredOptions, type ChoiceSettings } from '../../common/fields/choice';
import type { CheckedPermission } from '../../common/permissions';
import type { DeclarationShape, Row } from '../crud/crudTypes';

/** A choice or multi-choice field whose options a config entry keeps (ChoiceSettings.optionsFrom). */
interface ConfiguredChoice {
  resource: DeclarationShape;
  field: string;
  meta: FieldMeta<ChoiceSettings>;
  key: string;
}

function configuredChoicesOf(resources: readonly DeclarationShape[]): ConfiguredChoice[] {
  return resources.flatMap((resource) =>
    describedFields(resource.schema).flatMap(({ field, meta }) => {
      const key = (meta.settings as ChoiceSettings | undefined)?.optionsFrom;
      return key ? [{ resource, field, meta: meta as FieldMeta<ChoiceSettings>, key }] : [];
    }),
  );
}

/** The entry's options now; its declared first value while the entry is missing or not a list (Configuration refuses such a value). */
async function currentOptions(db: Database, key: string, declared: readonly string[]): Promise<readonly string[]> {
  const [entry] = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, key));
  return (entry && configuredOptions(entry.value)) ?? declared;
}

/**
 * Every configured value a body holds is one of its entry's current options — or one the record
 * already held (an option an administrator removed since stays on the records holding it until
 * they are changed): otherwise a 400 naming the field.
 */
export async function checkConfiguredChoices(db: Database, resource: DeclarationShape, input: Record<string, unknown>, existing: Row | null): Promise<void> {
  for (const { field, meta, key } of configuredChoicesOf([resource])) {
    const values = Array.isArray(input[field]) ? (input[field] as string[]) : typeof input[field] === 'string' && input[field] !== '' ? [input[field] as string] : [];
    if (values.length === 0) continue;
    const held = new Set(Array.isArray(existing?.[field]) ? (existing[field] as string[]) : typeof existing?.[field] === 'string' ? [existing[field] as string] : []);
    const options = await currentOptions(db, key, meta.settings?.options ?? []);
    if (values.some((value) => !options.includes(value) && !held.has(value))) {
      // As validateBody words it: the label's message in `errors`, the field after it in `message`.
      const message = `${meta.label} must be one of: ${options.join(', ')}`;
      throw new HttpError(400, `${message} (${field})`, { [field]: message });
    }
  }
}

/** The config entries of every configured field, with their declared first values: seeded once, kept as administrators change them. */
export function configuredChoiceEntries(resources: readonly DeclarationShape[]): { key: string; description: string; value: string }[] {
  const byKey = new Map<string, { key: string; description: string; value: string }>();
  for (const { resource, meta, key } of configuredChoicesOf(resources)) {
    byKey.set(key, byKey.get(key) ?? { key, description: `${resource.label}: the ${meta.label.toLowerCase()} options, a JSON list in the order they are offered`, value: JSON.stringify(meta.settings?.options ?? []) });
  }
  return [...byKey.values()];
}

/**
 * GET /config/choices/:key: a configured list's current options, for the forms offering them. The
 * entry itself is Configuration's (manage-config); its options are readable by whoever may use a
 * resource declaring it.
 */
export function registerConfiguredChoicesRoute(app: FastifyInstance, resources: readonly DeclarationShape[]): void {
  const choices = configuredChoicesOf(resources);
  const usersOf = (key: string): CheckedPermission[] =>
    choices.filter((choice) => choice.key === key).flatMap(({ resource }) => [resource.write, ...(resource.read && 'permission' in resource.read ? [resource.read.permission] : [])]);
  app.get<{ Params: { key: string } }>(
    '/config/choices/:key',
    {
      config: {
        access: {
          permission: 'manage-config',
          orIf: (request, user) => usersOf((request.params as { key: string }).key).some((permission) => user.permissions.has(permission)),
          orIfDescription: 'the permissions of a resource whose field takes its options from the entry',
        },
      },
      schema: {
        tags: ['config'],
        summary: "A configured field's current options (the config entry choices.<entity>.<field>, a JSON list)",
        params: { type: 'object', properties: { key: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['key'] },
      },
    },
    async (request) => {
      const choice = choices.find((one) => one.key === request.params.key);
      if (!choice) throw notFound('No field takes its options from this config entry');
      return currentOptions(app.services.db, choice.key, choice.meta.settings?.options ?? []);
    },
  );
}
