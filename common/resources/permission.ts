import { nonBlank, strictObject } from './schemaParts';

export interface Permission {
  _id: string;
  name: string;
}

export const permissionSchema = strictObject({
  name: nonBlank('name'),
});
