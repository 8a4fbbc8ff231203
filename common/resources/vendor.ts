import type { InferType } from 'yup';
import { field } from '../fields';
import { strictObject } from './schemaParts';

/** A supplier of spare parts and services (docs/spare-parts.md). */
export const vendorSchema = strictObject({
  name: field.name(),
  contactName: field.text('Contact name', { max: 120 }),
  phone: field.phone(),
  email: field.email(),
  website: field.url('Website'),
  address: field.longText('Address'),
  notes: field.longText('Notes'),
  active: field.yesNo('Active', true),
});

export type VendorInput = InferType<typeof vendorSchema>;
