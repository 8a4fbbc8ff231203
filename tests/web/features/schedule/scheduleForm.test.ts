import { describe, expect, it } from 'vitest';
import { newScheduleForm, scheduleFormOf, scheduleInputOf, withAsset } from '../../../../src/features/schedule/scheduleForm';

/** Spec §7: start sent as the start of its day, end as the end of its day; spec §9: a single checklist preselected. */
describe('the schedule form', () => {
  it('sends the start of the start day and the end of the end day', () => {
    const input = scheduleInputOf({ startDate: '2026-03-10', endDate: '2026-03-12', assetId: 'a1', checklistIds: ['c1'] });
    expect(input).toEqual({ assetId: 'a1', checklistIds: ['c1'], start: new Date(2026, 2, 10, 0, 0, 0, 0).getTime(), end: new Date(2026, 2, 12, 23, 59, 59, 999).getTime() });
  });

  it('leaves a day that is not set unset', () => {
    expect(scheduleInputOf({ startDate: '', endDate: '', assetId: '', checklistIds: [] })).toMatchObject({ start: null, end: null });
  });

  it('a clicked date starts and ends the new schedule', () => {
    expect(newScheduleForm(new Date(2026, 2, 10, 0, 0))).toEqual({ startDate: '2026-03-10', endDate: '2026-03-10', assetId: '', checklistIds: [] });
    expect(newScheduleForm()).toEqual({ startDate: '', endDate: '', assetId: '', checklistIds: [] });
  });

  it('opens a schedule on the days it covers', () => {
    const form = scheduleFormOf({ start: new Date(2026, 2, 8).getTime(), end: new Date(2026, 2, 14, 23, 59, 59, 999).getTime(), asset: 'a1', checklists: ['c1', 'c2'] });
    expect(form).toEqual({ startDate: '2026-03-08', endDate: '2026-03-14', assetId: 'a1', checklistIds: ['c1', 'c2'] });
  });

  it('picking an asset with a single checklist chooses it; with several, none', () => {
    const blank = newScheduleForm();
    expect(withAsset(blank, { _id: 'a1', name: 'Pump', checklists: ['c1'] }).checklistIds).toEqual(['c1']);
    expect(withAsset({ ...blank, checklistIds: ['c1'] }, { _id: 'a2', name: 'Fan', checklists: ['c2', 'c3'] }).checklistIds).toEqual([]);
    expect(withAsset(blank, undefined)).toMatchObject({ assetId: '', checklistIds: [] });
  });
});
