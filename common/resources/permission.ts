import { strictObject } from './schemaParts';
import { field } from '../fields';

export interface Permission {
  _id: string;
  name: string;
}

export const permissionSchema = strictObject({
  name: field.name(),
});
