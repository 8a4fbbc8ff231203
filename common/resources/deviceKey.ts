import type { InferType } from 'yup';
import { field } from '../fields';
import { recorded } from '../fields/custom/recorded';
import { isTopicFilter, SEGMENT, SEGMENT_RULE } from '../monitoring/topics';
import { strictObject } from './schemaParts';

/**
 * A gateway's key (DESIGN §17, docs/monitoring.md): what it may write — readings of its assets, or of
 * topics its filters match, on its site when one is set. The secret is issued apart (shown once,
 * stored hashed); an inactive or deleted key is refused at once.
 */
export const deviceKeySchema = strictObject({
  name: field.name(),
  site: field.text('Site', { max: 60 }).test('segment', `Site must hold ${SEGMENT_RULE}`, (value) => !value || SEGMENT.test(value)),
  assets: field.references('Assets', 'asset'),
  topics: field.tags('Topics').test('filters', 'Topics must be MQTT topic filters (+ for one level, # for the rest)', (value) => (value ?? []).every((filter) => typeof filter === 'string' && isTopicFilter(filter))),
  active: field.yesNo('Active', true),
  createdBy: recorded('Created by', { as: 'text' }),
  lastSeen: recorded('Last seen', { as: 'dateTime' }),
  accepted: recorded('Readings accepted', { as: 'count' }),
  refused: recorded('Readings refused', { as: 'count' }),
});

export type DeviceKeyInput = InferType<typeof deviceKeySchema>;

/** How a gateway sends its key over HTTP. */
export const DEVICE_KEY_HEADER = 'x-device-key';
