import * as yup from 'yup';
import { nonBlank, strictObject } from './schemaParts';

/** DESIGN §7: scripts are records of their own; tables, widgets, reports and jobs reference them. */
export interface Script {
  _id: string;
  name: string;
  description: string;
  code: string;
}

export const scriptSchema = strictObject({
  name: nonBlank('name'),
  description: yup.string().max(2000).default(''),
  code: yup.string().max(200_000).default(''),
});
