/**
 * Where spec §7 puts the calls that differ from `/<resource>/<id>`. Everything else follows
 * the ra-data-simple-rest shape.
 */
const READ_ONE_PATHS: Record<string, string> = {
  table: 'table/id',
  widget: 'widget/id',
};

const UPDATE_PATHS: Record<string, string> = {
  user: 'user/updateByUserAdministration',
};

export const readOnePath = (resource: string, id: string | number) => `/${READ_ONE_PATHS[resource] ?? resource}/${encodeURIComponent(String(id))}`;
export const updatePath = (resource: string, id: string | number) => `/${UPDATE_PATHS[resource] ?? resource}/${encodeURIComponent(String(id))}`;
