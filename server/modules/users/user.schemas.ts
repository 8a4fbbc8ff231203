/** JSON schemas of user responses: they are also the whitelist of what gets serialised. */
const banner = {
  type: ['object', 'null'],
  properties: { color: { type: 'string' }, message: { type: 'string' } },
} as const;

export const userRecordSchema = {
  type: 'object',
  properties: {
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
    createdAt: { type: 'number' },
    updatedAt: { type: 'number' },
  },
} as const;

export const sessionUserSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: ['string', 'null'] },
    roleName: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['active', 'inactive'] },
    permissions: { type: 'array', items: { type: 'string' } },
    moduleWhitelist: { type: 'array', items: { type: 'string' } },
    dashboardId: { type: ['string', 'null'] },
    banner,
    customAttributes: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;
