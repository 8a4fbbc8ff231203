import type { Checklist } from '../../../common/resources/checklist';

export type ChecklistRecord = Checklist & { id: string };
