import { describe, expect, it } from 'vitest';
import { assetSchema } from '../../../common/resources/asset';
import { roleSchema } from '../../../common/resources/role';
import { blankTextForNull } from '../../../src/admin/mechanism/blankText';

describe('emptied text inputs in administration forms', () => {
  it('turn null text back into empty text, also inside lists, so the schema accepts the save', () => {
    const values = {
      name: 'Pump',
      identification: 'PMP-1',
      message: null,
      tags: [],
      checklists: [],
      checklistOptions: [],
      staticAttributes: [{ name: 'Model', value: null, type: 'string', sequenceId: 1 }],
    };
    const fixed = blankTextForNull(values, assetSchema);
    expect(fixed).toEqual({ ...values, message: '', staticAttributes: [{ name: 'Model', value: '', type: 'string', sequenceId: 1 }] });
    expect(() => assetSchema.validateSync(values, { strict: true })).toThrow();
    expect(assetSchema.validateSync(fixed, { strict: true })).toBeTruthy();
  });

  it('leaves null alone where the schema allows it (a role without dashboard)', () => {
    expect(blankTextForNull({ name: 'R', dashboard: null, permissions: [], tables: [] }, roleSchema)).toEqual({ name: 'R', dashboard: null, permissions: [], tables: [] });
  });
});
