import type { Attribute } from '../../../common/resources/attribute';

export type AttributeRecord = Attribute & { id: string };
