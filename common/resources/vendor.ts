import { field } from './fields';
import { strictObject } from './schemaParts';

export const vendorSchema = strictObject({
  name: field.name(),
  phone: field.text('Phone', 40),
  email: field.email(),
  notes: field.longText('Notes'),
  active: field.yesNo('Active', true),
});
