import type { ConfigEntry } from '../../../common/resources/config';

export type ConfigRecord = ConfigEntry & { id: string };
