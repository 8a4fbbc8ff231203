/**
 * Who may call each /api route, kept by hand — written from spec §6, DESIGN §4 and
 * docs/permissions.md (its role table and its "Always allowed" and "Module whitelist" sections),
 * never computed from the routes' declarations or `isAllowed`. tests/api/routeAccess.test.ts
 * walks every registered route as every user below and holds the server to this table, so a
 * route given looser (or tighter) access fails there, and a new route fails until someone writes
 * its row here.
 */

/** The users the walk signs in as: the seven demo users and two whitelisted ones. */
export const MATRIX_USERS = [
  'admin',
  'engineer',
  'technician',
  'thermo.tech',
  'thermo.engineer',
  'thermo.manager',
  'onsite',
  /** ROLE_ENGINEER whitelisted to `technician`: the engineer's reads, no engineer or admin area. */
  'eng.tech',
  /** ROLE_SUPERUSER whitelisted to `engineer`: the engineer area with its own manage-*, no administration. */
  'super.eng',
] as const;
export type MatrixUser = (typeof MATRIX_USERS)[number];

/** The whitelisted users routeAccess.test.ts creates through the administration API. */
export const WHITELISTED_USERS = [
  { username: 'eng.tech', role: 'ROLE_ENGINEER', moduleWhitelist: ['technician'] },
  { username: 'super.eng', role: 'ROLE_SUPERUSER', moduleWhitelist: ['engineer'] },
] as const;

const everyone: readonly MatrixUser[] = MATRIX_USERS;
/** Administration permissions (manage-config … manage-script): the superuser alone, unwhitelisted. */
const administrators: readonly MatrixUser[] = ['admin'];

/** Holders of each permission a route below needs, copied by hand from docs/permissions.md's role table. */
const holders = {
  'read-asset': everyone,
  'read-dashboard': everyone,
  'read-checklist': ['admin', 'engineer', 'technician', 'eng.tech', 'super.eng'],
  'read-inspection': ['admin', 'engineer', 'technician', 'thermo.engineer', 'thermo.manager', 'eng.tech', 'super.eng'],
  'update-inspection': ['admin', 'engineer', 'technician', 'eng.tech', 'super.eng'],
  'read-alert': ['admin', 'engineer', 'thermo.engineer', 'thermo.manager', 'onsite', 'eng.tech', 'super.eng'],
  'resolve-alert': ['admin', 'engineer', 'thermo.engineer', 'thermo.manager', 'eng.tech', 'super.eng'],
  'read-table': ['admin', 'engineer', 'thermo.engineer', 'thermo.manager', 'eng.tech', 'super.eng'],
  'read-report': ['admin', 'engineer', 'thermo.engineer', 'thermo.manager', 'eng.tech', 'super.eng'],
  'read-thermography-note': ['admin', 'engineer', 'thermo.tech', 'thermo.engineer', 'thermo.manager', 'eng.tech', 'super.eng'],
  'create-thermography-note': ['admin', 'thermo.tech', 'super.eng'],
  'update-thermography-note': ['admin', 'thermo.engineer', 'thermo.manager', 'super.eng'],
  'read-inspection-schedule': ['admin', 'engineer', 'technician', 'eng.tech', 'super.eng'],
  // Engineer-area management: a technician-whitelisted engineer (eng.tech) loses it, super.eng keeps it.
  'manage-inspection-schedule': ['admin', 'engineer', 'super.eng'],
  'read-calendar': ['admin', 'engineer', 'eng.tech', 'super.eng'],
  'manage-calendar': ['admin', 'engineer', 'super.eng'],
  // Work orders (DESIGN §11): the technicians' roles read and update their own; every engineer-role
  // read-/update-* survives a whitelist (eng.tech keeps them), manage-workorder is engineer-area management.
  'read-workorder': ['admin', 'engineer', 'technician', 'thermo.tech', 'eng.tech', 'super.eng'],
  'update-workorder': ['admin', 'engineer', 'technician', 'thermo.tech', 'eng.tech', 'super.eng'],
  'manage-workorder': ['admin', 'engineer', 'super.eng'],
  // The stores (issue 42): engineer-area management, as manage-workorder.
  'manage-vendor': ['admin', 'engineer', 'super.eng'],
  'manage-sparepart': ['admin', 'engineer', 'super.eng'],
} as const satisfies Record<string, readonly MatrixUser[]>;

/** Whoever reads the work order KPIs or the alert ones. */
const kpiReaders: readonly MatrixUser[] = MATRIX_USERS.filter((user) => [...holders['manage-workorder'], ...holders['read-alert']].includes(user as never));

/** One way of calling a route whose answer depends on the request (an `orIf` rule or an own id). */
export interface AccessVariant {
  /** What this variant is, for failure messages. */
  when: string;
  /** Added to the URL. */
  query?: string;
  /**
   * Path parameters: the caller's own user id, or an id that is not the caller's; or a work order
   * assigned to the caller, or one assigned to someone else (routeAccess.test.ts makes them).
   */
  id?: 'own' | 'other' | 'ownWorkOrder' | 'othersWorkOrder';
  /** Path parameters given by name (a KPI's name), before `id` fills the others. */
  params?: Record<string, string>;
  allowed: readonly MatrixUser[];
}

/**
 * 'public': no token needed. 'deviceKey': a gateway's call, whose credential is a device key and not a
 * user's token: 401 for every user (tests/api/monitoring has the keys). A list of users: those
 * allowed; everyone else gets 403.
 */
export type AccessRow = 'public' | 'deviceKey' | readonly MatrixUser[] | readonly AccessVariant[];

/**
 * The six routes a declared resource gets (server/crud/crudResource.ts: list, create, read, update,
 * delete, history), each allowed to `writers` — who they are is still written by hand. A list whose
 * names others may read (DESIGN §15) says so with `namesAlso`.
 */
function declaredResourceRows(entity: string, writers: readonly MatrixUser[], { namesAlso = [] }: { namesAlso?: readonly MatrixUser[] } = {}): Record<string, AccessRow> {
  const base = `/api/${entity}`;
  const list: AccessRow =
    namesAlso.length === 0
      ? writers
      : [
          { when: 'the whole list', allowed: writers },
          { when: 'names only', query: 'fields=id,name', allowed: [...new Set([...writers, ...namesAlso])] },
        ];
  return {
    [`GET ${base}`]: list,
    [`POST ${base}`]: writers,
    [`GET ${base}/:id`]: writers,
    [`PUT ${base}/:id`]: writers,
    [`DELETE ${base}/:id`]: writers,
    [`GET ${base}/:id/history`]: writers,
  };
}

/** Keyed "METHOD path" exactly as docs/permissions.md's routes table writes them. */
export const ACCESS_MATRIX: Record<string, AccessRow> = {
  'GET /api/alert': holders['read-alert'],
  'GET /api/alert/:id': holders['read-alert'],
  'POST /api/alert/resolve': holders['resolve-alert'],
  'POST /api/alert/acknowledge': holders['resolve-alert'],
  'GET /api/alertLevel': everyone,

  // Asset reads: read-asset, which every demo role holds; names alone for anyone signed in.
  'GET /api/asset': [
    { when: 'the whole list', allowed: holders['read-asset'] },
    { when: 'names only', query: 'fields=id,name', allowed: everyone },
  ],
  'POST /api/asset': administrators,
  'DELETE /api/asset/:id': administrators,
  'GET /api/asset/:id': holders['read-asset'],
  'PUT /api/asset/:id': administrators,
  'GET /api/asset/:id/history': administrators,
  'GET /api/asset/:id/references': administrators,
  'POST /api/asset/:id/restore': administrators,
  'GET /api/asset/:id/previousInspections': holders['read-inspection'],
  'GET /api/asset/identification/:identification': holders['read-asset'],
  'GET /api/asset/identification/group/:identification': holders['read-asset'],

  // Attributes are read by the checklist screens too (technicians fill checklists of attributes).
  'GET /api/attribute': holders['read-checklist'],
  'POST /api/attribute': administrators,
  'DELETE /api/attribute/:id': administrators,
  'GET /api/attribute/:id': holders['read-checklist'],
  'PUT /api/attribute/:id': administrators,
  'GET /api/attribute/:id/history': administrators,
  'GET /api/attribute/:id/references': administrators,
  'POST /api/attribute/:id/restore': administrators,

  'GET /api/checklist': holders['read-checklist'],
  'POST /api/checklist': administrators,
  'DELETE /api/checklist/:id': administrators,
  'GET /api/checklist/:id': holders['read-checklist'],
  'PUT /api/checklist/:id': administrators,
  'GET /api/checklist/:id/history': administrators,
  'GET /api/checklist/:id/references': administrators,
  'POST /api/checklist/:id/restore': administrators,

  'GET /api/config': administrators,
  'POST /api/config': administrators,
  'GET /api/config/:id': administrators,
  'PUT /api/config/:id': administrators,
  'GET /api/config/:id/history': administrators,

  // The list is for the administration screens; one dashboard by id for everyone's dashboard screen.
  'GET /api/dashboard': administrators,
  'POST /api/dashboard': administrators,
  'DELETE /api/dashboard/:id': administrators,
  'GET /api/dashboard/:id': holders['read-dashboard'],
  'PUT /api/dashboard/:id': administrators,
  'GET /api/dashboard/:id/history': administrators,

  'GET /api/docs': 'public',
  'POST /api/file': [
    { when: "an inspection's image", allowed: holders['update-inspection'] },
    // A work order's photo (docs/work-orders.md "Photos"): whoever records activity on orders.
    { when: "a work order's photo", query: 'for=workOrder.activity', allowed: holders['update-workorder'] },
  ],
  'GET /api/file/:id': everyone,
  'GET /api/file/:id/thumbnail': everyone,
  'GET /api/init/applicationInfo': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // For Prometheus, not for users: no user token; METRICS_TOKEN or a request from the host itself
  // (docs/operations.md "Metrics", tests/api/metrics). The walk's requests come from 127.0.0.1.
  'GET /api/metrics': 'public',

  'GET /api/inspection': holders['read-inspection'],
  'POST /api/inspection': holders['update-inspection'],
  'GET /api/inspection/:id': holders['read-inspection'],
  'GET /api/inspection/:id/:recordId/alert': holders['read-alert'],
  'GET /api/inspection/:id/alert': holders['read-alert'],
  'GET /api/inspection/myRecentAssets': holders['update-inspection'],
  // docs/offline.md: the group call's access (read-asset, which every demo role holds).
  'GET /api/inspection/offlineCatalogue': holders['read-asset'],

  'GET /api/job': administrators,
  'POST /api/job': administrators,
  'DELETE /api/job/:id': administrators,
  'GET /api/job/:id': administrators,
  'PUT /api/job/:id': administrators,
  'GET /api/job/:id/history': administrators,
  'POST /api/job/:id/run': administrators,
  'GET /api/job/:id/runs': administrators,

  'GET /api/masterdata/assetStaticAttributeKeys': holders['read-asset'],
  'GET /api/masterdata/assetTags': holders['read-asset'],

  'GET /api/permission': administrators,
  'POST /api/permission': administrators,
  'DELETE /api/permission/:id': administrators,
  'GET /api/permission/:id': administrators,
  'GET /api/permission/:id/history': administrators,

  'GET /api/report': holders['read-report'],
  'POST /api/report': administrators,
  'DELETE /api/report/:id': administrators,
  'GET /api/report/:id': holders['read-report'],
  'PUT /api/report/:id': administrators,
  'GET /api/report/:id/download': holders['read-report'],
  'GET /api/report/:id/history': administrators,

  'GET /api/role': administrators,
  'POST /api/role': administrators,
  'DELETE /api/role/:id': administrators,
  'GET /api/role/:id': administrators,
  'PUT /api/role/:id': administrators,
  'GET /api/role/:id/history': administrators,

  'GET /api/script': administrators,
  'POST /api/script': administrators,
  'DELETE /api/script/:id': administrators,
  'GET /api/script/:id': administrators,
  'PUT /api/script/:id': administrators,
  'GET /api/script/:id/history': administrators,
  'POST /api/script/:id/run': administrators,
  'POST /api/script/run': administrators,

  // Table definitions are administration; the table screens list their role's own tables.
  'GET /api/table': [
    { when: 'every table', allowed: administrators },
    { when: "the role's own tables", query: 'limitToRole=true', allowed: holders['read-table'] },
  ],
  'POST /api/table': administrators,
  'DELETE /api/table/:id': administrators,
  'PUT /api/table/:id': administrators,
  'GET /api/table/:id/history': administrators,
  'GET /api/table/:tableId': holders['read-table'],
  'GET /api/table/id/:id': administrators,

  'GET /api/token/init': everyone,
  'POST /api/token/login': 'public',

  'GET /api/user': administrators,
  'POST /api/user': administrators,
  'DELETE /api/user/:id': administrators,
  // Spec §7 and DESIGN §4: one's own record always; another user's name for anyone signed in.
  'GET /api/user/:id': [
    { when: 'own record', id: 'own', allowed: everyone },
    { when: "another user's record", id: 'other', allowed: administrators },
    { when: "another user's name", id: 'other', query: 'fields=name', allowed: everyone },
  ],
  // The profile: one's own only, administrators included.
  'PUT /api/user/:id': [
    { when: 'own profile', id: 'own', allowed: everyone },
    { when: "another user's profile", id: 'other', allowed: [] },
  ],
  'GET /api/user/:id/history': administrators,
  // User management's custom attribute columns (docs/administration.md, "Server paging").
  'GET /api/user/customAttributeNames': administrators,
  'POST /api/user/:id/resetPassword': administrators,
  'PUT /api/user/updateByUserAdministration/:id': administrators,

  'GET /api/widget': administrators,
  'POST /api/widget': administrators,
  'DELETE /api/widget/:id': administrators,
  // A widget's data, for the dashboards everyone reads.
  'GET /api/widget/:id': holders['read-dashboard'],
  'PUT /api/widget/:id': administrators,
  'GET /api/widget/:id/history': administrators,
  'GET /api/widget/id/:id': administrators,

  // Thermography (DESIGN §8): the technician records, engineers edit and send, managers approve.
  'POST /api/thermographyNote': holders['create-thermography-note'],
  'GET /api/thermographyNote/:id': holders['read-thermography-note'],
  'GET /api/thermographyNote/:id/radiometry': holders['read-thermography-note'],
  'PUT /api/thermographyNote/:id': holders['update-thermography-note'],
  // Either permission reaches the call; the target status then decides (status.test.ts).
  'PUT /api/thermographyNote/:id/status': holders['update-thermography-note'],
  'POST /api/thermographyNote/:id/thermalImage': holders['update-thermography-note'],
  'PUT /api/thermographyNote/:id/realImage': holders['update-thermography-note'],
  'GET /api/asset/:id/thermographyTrend': holders['read-thermography-note'],
  // The drawer's Thermography Info entry and the severity colours, for every signed-in screen.
  'GET /api/thermography/config': everyone,
  // Opened in a new tab, which carries no token.
  'GET /api/thermography/info.pdf': 'public',
  // Issue 43 §4: the thermography report, to every reader of notes.
  'GET /api/thermography/report': [{ when: 'a period of every asset', query: 'reportFormat=pdf&from=0&to=1', allowed: holders['read-thermography-note'] }],
  // Issue 17 (DESIGN §12): inspection schedules and the configurable calendar.
  'GET /api/inspectionSchedule': holders['read-inspection-schedule'],
  'POST /api/inspectionSchedule': holders['manage-inspection-schedule'],
  'PUT /api/inspectionSchedule/:id': holders['manage-inspection-schedule'],
  'DELETE /api/inspectionSchedule/:id': holders['manage-inspection-schedule'],
  'GET /api/calendarEntry': holders['read-calendar'],
  'GET /api/calendarEntry/calendarConfig': holders['read-calendar'],
  'GET /api/calendarEntryType': holders['read-calendar'],
  'POST /api/calendarEntry': holders['manage-calendar'],
  'PUT /api/calendarEntry/:id': holders['manage-calendar'],
  'DELETE /api/calendarEntry/:id': holders['manage-calendar'],

  // Work orders (DESIGN §11, docs/work-orders.md): engineers manage every order; a technician reads
  // and updates (status, activity) the orders assigned to them and no other. An id no order has is
  // a 404 for whoever may read orders at all.
  'GET /api/workOrder/config': holders['read-workorder'],
  'GET /api/workOrder': holders['manage-workorder'],
  'GET /api/workOrder/my': holders['read-workorder'],
  'POST /api/workOrder': holders['manage-workorder'],
  'GET /api/workOrder/:id': [
    { when: 'an order assigned to the caller', id: 'ownWorkOrder', allowed: holders['read-workorder'] },
    { when: 'an order assigned to someone else', id: 'othersWorkOrder', allowed: holders['manage-workorder'] },
    { when: 'an id no order has', id: 'other', allowed: holders['read-workorder'] },
  ],
  'PUT /api/workOrder/:id': [
    { when: 'an order assigned to the caller', id: 'ownWorkOrder', allowed: holders['update-workorder'] },
    { when: 'an order assigned to someone else', id: 'othersWorkOrder', allowed: holders['manage-workorder'] },
    { when: 'an id no order has', id: 'other', allowed: holders['update-workorder'] },
  ],
  'POST /api/workOrder/:id/activity': [
    { when: 'an order assigned to the caller', id: 'ownWorkOrder', allowed: holders['update-workorder'] },
    { when: 'an order assigned to someone else', id: 'othersWorkOrder', allowed: holders['manage-workorder'] },
    { when: 'an id no order has', id: 'other', allowed: holders['update-workorder'] },
  ],
  'DELETE /api/workOrder/:id': holders['manage-workorder'],
  // Work accounting (DESIGN §18, docs/work-orders.md): labour and parts as the activity log — the
  // assignee on their own order, engineers on any; the stores' picker to whoever records work.
  'GET /api/workOrder/parts': holders['update-workorder'],
  ...Object.fromEntries(
    ['POST /api/workOrder/:id/labour', 'POST /api/workOrder/:id/labour/stop', 'DELETE /api/workOrder/:id/labour/:entryId', 'POST /api/workOrder/:id/parts', 'DELETE /api/workOrder/:id/parts/:entryId'].map(
      (route) => [
        route,
        [
          { when: 'an order assigned to the caller', id: 'ownWorkOrder', allowed: holders['update-workorder'] },
          { when: 'an order assigned to someone else', id: 'othersWorkOrder', allowed: holders['manage-workorder'] },
          { when: 'an id no order has', id: 'other', allowed: holders['update-workorder'] },
        ] satisfies AccessVariant[],
      ],
    ),
  ),

  // The maintenance KPIs (docs/kpis.md): the work order ones to manage-workorder, the alert ones to
  // read-alert; the list and the route itself to either (the KPI then checks its own).
  'GET /api/kpi': kpiReaders,
  'GET /api/kpi/:name': [
    { when: 'a work order KPI', params: { name: 'mtbf' }, allowed: holders['manage-workorder'] },
    { when: 'an alert KPI', params: { name: 'alertResolve' }, allowed: holders['read-alert'] },
  ],
  'GET /api/kpi/:name/rows': [
    { when: 'a work order KPI', params: { name: 'mtbf' }, allowed: holders['manage-workorder'] },
    { when: 'an alert KPI', params: { name: 'alertResolve' }, allowed: holders['read-alert'] },
  ],

  // The stores (docs/spare-parts.md). A part names its vendor and assets: whoever may keep parts may
  // read vendors' names (DESIGN §15); assets' names are anyone's already.
  // A configured field's options: Configuration's, and any resource's users for the keys it declares
  // (tests/api/resources/stores.test.ts); a key no field names is the administrators' 404.
  'GET /api/config/choices/:key': administrators,
  ...declaredResourceRows('vendor', holders['manage-vendor'], { namesAlso: holders['manage-sparepart'] }),
  ...declaredResourceRows('sparePart', holders['manage-sparepart']),

  // Condition monitoring (docs/monitoring.md). A gateway's call carries a device key, not a token;
  // keys are the administrators'; points are read by whoever reads assets, kept by who keeps assets.
  'POST /api/reading': 'deviceKey',
  ...declaredResourceRows('deviceKey', administrators),
  'POST /api/deviceKey/:id/secret': administrators,
  'GET /api/readingRefusal': administrators,
  ...declaredResourceRows('measurementPoint', administrators),
  'GET /api/measurementPoint': holders['read-asset'],
  'GET /api/measurementPoint/:id': holders['read-asset'],
  'GET /api/measurementPoint/:id/trend': holders['read-asset'],
  'GET /api/measurementPoint/latest': [{ when: "an asset's points", query: 'asset=any', allowed: holders['read-asset'] }],
};
