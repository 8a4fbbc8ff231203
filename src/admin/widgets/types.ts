import type { Widget } from '../../../common/resources/widget';

export type WidgetRecord = Widget & { id: string };
