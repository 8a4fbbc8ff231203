import { strictObject } from './schemaParts';
import { field } from '../fields';

/** DESIGN §7: scripts are records of their own; tables, widgets, reports and jobs reference them. */
export interface Script {
  _id: string;
  name: string;
  description: string;
  code: string;
}

export const scriptSchema = strictObject({
  name: field.name(),
  description: field.longText('Description', { max: 2000 }),
  code: field.longText('Code', { max: 200_000 }),
});
