/** JSON schemas of user responses: they are also the whitelist of what gets serialised. */
const banner = {
  type: ['object', 'null'],
  properties: { color: { type: 'string' }, message: { type: 'string' } },
} as const;

/** What both the session user and the administration record show of a user. */
const userProperties = {
  _id: { type: 'string' },
  name: { type: 'string' },
  username: { type: 'string' },
  email: { type: 'string' },
  role: { type: ['string', 'null'] },
  status: { type: 'string', enum: ['active', 'inactive'] },
  permissions: { type: 'array', items: { type: 'string' } },
  moduleWhitelist: { type: 'array', items: { type: 'string' } },
  dashboardId: { type: ['string', 'null'] },
  banner,
  customAttributes: { type: 'object', additionalProperties: { type: 'string' } },
} as const;

export const userRecordSchema = {
  type: 'object',
  properties: { ...userProperties, hourlyRate: { type: ['number', 'null'] }, createdAt: { type: 'number' }, updatedAt: { type: 'number' } },
} as const;

/** Permissions here are names (role ∪ direct), not the record's direct permission ids. */
export const sessionUserSchema = {
  type: 'object',
  properties: { ...userProperties, roleName: { type: ['string', 'null'] } },
} as const;
