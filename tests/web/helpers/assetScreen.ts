import { screen } from '@testing-library/react';
import { jsonResponse, type ApiCall } from './mockApi';
import { openAdminScreen } from './adminScreen';
import { serverList } from './serverList';

type Answers = Parameters<typeof openAdminScreen>[2];

export const checklists = [
  { _id: 'c1', name: 'Pump weekly check' },
  { _id: 'c2', name: 'AHU monthly' },
];

export const assets = [
  { _id: 'a2', name: 'Pump B', identification: 'PMP-002', tags: ['HVAC', 'Building A'], checklists: ['c1', 'gone'] },
  { _id: 'a1', name: 'Air handler', identification: 'AHU-001', tags: [], checklists: ['c2', 'c1'] },
  { _id: 'a3', name: 'Boiler', identification: '', tags: ['Critical'], checklists: [] },
];

/** What GET /asset/a2 answers: the whole asset, bookkeeping included. */
export const fullPumpB = {
  ...assets[0],
  staticAttributes: [
    { name: 'Manufacturer', value: 'Grundfos', type: 'string', sequenceId: 1 },
    { name: 'Photo', value: '/files/f1', type: 'image', sequenceId: 2 },
  ],
  checklistOptions: [{ name: 'Weekly', btnName: 'Weekly round', checklistIds: ['c1'] }],
  message: '<b>Isolate before opening</b>',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_001,
};

export const echoCreated = (call: ApiCall) => jsonResponse(200, { _id: 'a9', ...(call.body as object) });

/** Asset management as a user holding manage-asset, with the catalogue above. */
export function openAssetScreen(answers: Answers = {}, path = '/home/assetManagement') {
  return openAdminScreen(path, ['manage-asset'], {
    // The screen pages on the server: checklists sort and search by the names it shows.
    'GET /api/asset': serverList('asset', assets, {
      checklists: (row) => (row.checklists as string[]).flatMap((id) => checklists.filter((c) => c._id === id).map((c) => c.name)).join(', '),
    }),
    'GET /api/asset/a2': () => jsonResponse(200, fullPumpB),
    'GET /api/asset/a2/history': () => jsonResponse(200, []),
    // Nothing refers to Pump B: the plain confirmation, and DELETE really deletes.
    'GET /api/asset/a2/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, inspectionSchedule: 0 }, archives: false }),
    'GET /api/checklist': () => jsonResponse(200, checklists),
    'GET /api/masterdata/assetTags': () => jsonResponse(200, ['Building A', 'HVAC']),
    'GET /api/masterdata/assetStaticAttributeKeys': () => jsonResponse(200, ['Manufacturer', 'Photo']),
    ...answers,
  });
}

// The first screen of a test file waits for the lazy engineer chunks to be transformed.
export const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
