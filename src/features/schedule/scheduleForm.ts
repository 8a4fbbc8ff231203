import dayjs from 'dayjs';
import type { InspectionSchedule, InspectionScheduleInput } from '../../../common/resources/inspectionSchedule';
import { DATE_INPUT_FORMAT } from '../../shared/ui/datePickers';

/** What the schedule dialog edits: days as YYYY-MM-DD (spec §9 date inputs), '' when not set. */
export interface ScheduleForm {
  startDate: string;
  endDate: string;
  assetId: string;
  checklistIds: string[];
}

/** An asset as the dialog offers it (GET /asset?fields=name,identification,checklists). */
export interface ScheduleAsset {
  _id: string;
  name: string;
  identification?: string;
  checklists?: string[];
}

const dayText = (ms: number) => dayjs(ms).format(DATE_INPUT_FORMAT);

/** A new schedule; from a clicked date, it starts and ends that day. */
export function newScheduleForm(date?: Date): ScheduleForm {
  const day = date ? dayText(date.getTime()) : '';
  return { startDate: day, endDate: day, assetId: '', checklistIds: [] };
}

export function scheduleFormOf(schedule: Pick<InspectionSchedule, 'start' | 'end' | 'asset' | 'checklists'>): ScheduleForm {
  return { startDate: dayText(schedule.start), endDate: dayText(schedule.end), assetId: schedule.asset, checklistIds: [...schedule.checklists] };
}

/**
 * What is sent (spec §7): start as the start of its day, end as the end of its day, in the
 * user's time zone. A day not set stays unset, so the spec's messages can name it.
 */
export function scheduleInputOf(form: ScheduleForm): Omit<InspectionScheduleInput, 'start' | 'end'> & { start: number | null; end: number | null } {
  return {
    assetId: form.assetId,
    checklistIds: form.checklistIds,
    start: form.startDate ? dayjs(form.startDate).startOf('day').valueOf() : null,
    end: form.endDate ? dayjs(form.endDate).endOf('day').valueOf() : null,
  };
}

/**
 * The checklists to pick from when an asset is chosen (spec §9: a single one is preselected).
 * Checklists already on the schedule stay choosable even if the asset no longer carries them.
 */
export function checklistChoicesOf(asset: ScheduleAsset | undefined, chosen: readonly string[]): string[] {
  const own = asset?.checklists ?? [];
  return [...own, ...chosen.filter((id) => !own.includes(id))];
}

/** The form after another asset is picked: its checklists start over, its only checklist chosen. */
export function withAsset(form: ScheduleForm, asset: ScheduleAsset | undefined): ScheduleForm {
  const own = asset?.checklists ?? [];
  return { ...form, assetId: asset?._id ?? '', checklistIds: own.length === 1 ? [...own] : [] };
}
