import { screen, within } from '@testing-library/react';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

export { sessionUser };

/** 24-hex ids like the server's (image values must look like one). */
export const hex = (n: number) => n.toString(16).padStart(24, '0');

type AttributeType = 'number' | 'boolean' | 'radio' | 'select' | 'color' | 'string' | 'long string' | 'html' | 'image' | 'date' | 'date-time';

export function attribute(id: string, name: string, type: AttributeType, extra: { isMandatory?: boolean; allowComment?: boolean; values?: string[]; description?: string } = {}) {
  return {
    _id: id,
    name,
    technicalName: name.toLowerCase().replace(/\W+/g, '_'),
    description: extra.description ?? '',
    type,
    isMandatory: extra.isMandatory ?? false,
    allowComment: extra.allowComment ?? false,
    options: { values: extra.values ?? [] },
  };
}

type Attr = ReturnType<typeof attribute>;
type Threshold = { operation: 'equal' | 'greater than' | 'at least' | 'less than' | 'at most'; value: string | number | boolean; level?: string | null };

export function checklist(
  id: string,
  name: string,
  items: { attribute: Attr; sequenceId: number; threshold?: Threshold; star?: boolean }[],
  groups: { name: string; attributes: string[] }[] = [],
) {
  return {
    _id: id,
    name,
    frequency: 'Weekly',
    checklistItems: items.map((item) => ({
      attribute: item.attribute._id,
      sequenceId: item.sequenceId,
      threshold: item.threshold ?? null,
      showMandatoryIndicator: item.star ?? false,
    })),
    groups,
    attributes: [...new Map(items.map((item) => [item.attribute._id, item.attribute])).values()],
  };
}

type Checklist = ReturnType<typeof checklist>;

export function asset(id: string, name: string, checklists: Checklist[], extra: { message?: string; checklistOptions?: { name: string; btnName: string; checklistIds: string[] }[] } = {}) {
  return {
    _id: id,
    name,
    identification: 'SKD-001',
    tags: [],
    checklists: checklists.map((c) => c._id),
    staticAttributes: [],
    checklistOptions: extra.checklistOptions ?? [],
    message: extra.message ?? '',
    checklistDetails: checklists,
  };
}

// A pump checklist as in the demo catalogue: groups, thresholds, stars.
export const status = attribute('a01', 'Status', 'select', { isMandatory: true, values: ['Running', 'Standby', 'Out of service'] });
export const vibration = attribute('a02', 'Vibration', 'number', { isMandatory: true, allowComment: true, description: 'mm/s RMS at the drive end' });
export const bearing = attribute('a03', 'Bearing temperature', 'number');
export const leak = attribute('a04', 'Leak present', 'boolean');
export const remarks = attribute('a05', 'Inspector remarks', 'long string');
export const meter = attribute('a06', 'Meter reading', 'string');

export const pumpChecklist = checklist(
  'c01',
  'Pump weekly check',
  [
    { attribute: remarks, sequenceId: 9 },
    { attribute: bearing, sequenceId: 3, threshold: { operation: 'at least', value: 80 } },
    { attribute: status, sequenceId: 1, threshold: { operation: 'equal', value: 'Out of service' }, star: true },
    { attribute: vibration, sequenceId: 2, threshold: { operation: 'greater than', value: 7.1 } },
    { attribute: leak, sequenceId: 5, threshold: { operation: 'equal', value: true } },
    { attribute: meter, sequenceId: 4 },
  ],
  [
    { name: 'Readings', attributes: [meter._id, bearing._id] },
    { name: 'Condition', attributes: [status._id, vibration._id, leak._id] },
  ],
);

export const colour = attribute('a07', 'Panel lamp', 'color', { values: ['Green', 'Amber', 'Red'] });
export const photo = attribute('a08', 'Nameplate photo', 'image');
export const panelChecklist = checklist('c02', 'Panel monthly', [
  { attribute: colour, sequenceId: 1, threshold: { operation: 'equal', value: 'Red' } },
  { attribute: photo, sequenceId: 2 },
]);

export const oilLevel = attribute('a10', 'Oil level', 'radio', { values: ['Low', 'Normal', 'High'] });
export const notes = attribute('a11', 'Safety notes', 'html');
export const serviceDate = attribute('a12', 'Last service date', 'date');
export const takenAt = attribute('a13', 'Reading taken at', 'date-time');
export const freeColour = attribute('a14', 'Paint colour', 'color');
export const everyTypeChecklist = checklist('c03', 'Every type', [
  { attribute: vibration, sequenceId: 1 },
  { attribute: leak, sequenceId: 2 },
  { attribute: oilLevel, sequenceId: 3 },
  { attribute: status, sequenceId: 4 },
  { attribute: colour, sequenceId: 5 },
  { attribute: meter, sequenceId: 6 },
  { attribute: remarks, sequenceId: 7 },
  { attribute: notes, sequenceId: 8 },
  { attribute: photo, sequenceId: 9 },
  { attribute: serviceDate, sequenceId: 10 },
  { attribute: takenAt, sequenceId: 11 },
  { attribute: freeColour, sequenceId: 12 },
]);

export const SCRIPT_PAYLOAD = '<p>Lock out <b>before</b> opening.</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">';

/** The SKD-001 group: three assets, as in the demo catalogue. */
export const pumpA = asset(hex(1), 'Booster set pump A', [pumpChecklist], { message: SCRIPT_PAYLOAD });
export const pumpB = asset(hex(2), 'Booster set pump B', [pumpChecklist, panelChecklist], {
  checklistOptions: [
    { name: 'Full', btnName: 'Pump and panel', checklistIds: [pumpChecklist._id, panelChecklist._id] },
    { name: 'Panel only', btnName: '', checklistIds: [panelChecklist._id] },
  ],
});
export const controlPanel = asset(hex(3), 'Booster set control panel', [everyTypeChecklist]);
export const skdGroup = [pumpA, pumpB, controlPanel];

export const technician = sessionUser(['view-technician', 'read-asset', 'read-inspection', 'update-inspection'], {
  _id: 'u-tech',
  roleName: 'ROLE_TECHNICIAN',
});

export type Answers = Parameters<typeof mockApi>[0];

/** Signed in as a technician, on the inspect view of `identification`. */
export function openInspect(answers: Answers = {}, identification = 'SKD-001', user = technician) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, user),
    [`GET /api/asset/identification/group/${identification}`]: () => jsonResponse(200, skdGroup),
    ...previousInspectionAnswers(answers),
  });
  const view = renderApp(`/inspection/asset/identification/${identification}`);
  return { api, view };
}

/** mockApi matches exact paths: spread the default empty previous inspections over every asset. */
function previousInspectionAnswers(answers: Answers = {}): Answers {
  const defaults: Answers = {};
  for (const a of skdGroup) defaults[`GET /api/asset/${a._id}/previousInspections`] = () => jsonResponse(200, []);
  return { ...defaults, ...answers };
}

/** The inspect panel of an asset, once shown. */
export async function panelOf(name: string): Promise<HTMLElement> {
  return screen.findByRole('region', { name });
}

/** An item's group (its name labels it) inside a container. */
export function itemIn(container: HTMLElement, name: string): HTMLElement {
  return within(container).getByRole('group', { name });
}

export const postsOf = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/inspection');
