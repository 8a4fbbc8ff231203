import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ThermographyNoteView } from '../../../../common/thermography/note';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

/** The seeded roles' thermography permissions (docs/permissions.md), by demo user. */
export const THERMO_ENGINEER = ['view-engineer', 'nav-thermography', 'read-table', 'read-thermography-note', 'update-thermography-note', 'read-alert', 'read-inspection'];
export const THERMO_MANAGER = [...THERMO_ENGINEER, 'approve-thermography-note'];
export const READ_ONLY = ['view-engineer', 'nav-thermography', 'read-table', 'read-thermography-note'];

/** A note as GET /thermographyNote/{id} serves it, from the FLIR AX8 fixture (flir-ax8.expected.json). */
export function noteView(overrides: Partial<ThermographyNoteView> = {}): ThermographyNoteView {
  return {
    _id: 'n1',
    inspection: 'i1',
    asset: 'a1',
    assetName: 'Main switchboard MSB-1',
    imageNumber: '12',
    identification: 'Q3 breaker',
    note: 'Hot spot on the lower terminal',
    ambientTemperature: 21,
    thermalImage: '/api/file/f-thermal',
    realImage: '/api/file/f-real',
    originalRealImage: null,
    measurements: [
      { k: 'Min', v: '24.3 °C' },
      { k: 'Max', v: '25.5 °C' },
      { k: 'Center', v: '25.4 °C' },
    ],
    parameters: [
      { k: 'Camera model', v: 'FLIR AX8' },
      { k: 'Emissivity', v: '0.95' },
      { k: 'Object distance', v: '1.0 m' },
    ],
    observations: [],
    recommendations: [],
    severityLevel: null,
    status: 'draft',
    referenceNote: null,
    loadPercent: null,
    criterion: 'neta-mts',
    suggestedSeverityLevel: 'D',
    suggestedSeverity: {
      level: 'D',
      deltaT: 4.5,
      basis: 'ambient',
      referenceNote: null,
      source: 'note',
      from: null,
      to: null,
      criterion: 'neta-mts',
      criterionName: 'NETA MTS',
      loadPercent: null,
      lowLoad: false,
      withheld: null,
    },
    radiometric: true,
    tools: [],
    deltaTs: [],
    timestamp: new Date(2026, 2, 4, 9, 5).getTime(),
    createdBy: 'u-thermo',
    createdByName: 'Theo Thermo',
    updatedAt: new Date(2026, 2, 4, 9, 5).getTime(),
    ...overrides,
  };
}

type Answers = Parameters<typeof mockApi>[0];

const band = (above: number, level: string) => ({ above, level });
/** GET /thermography/config as seeded, with the site's criterion renamed. */
export const THERMOGRAPHY_CONFIG = {
  infoUrl: '/api/thermography/info.pdf',
  severityLevels: { A: null, B: null, C: null, D: null },
  criteria: [
    { id: 'neta-mts', name: 'NETA MTS', overAmbient: [band(40, 'A'), band(20, 'B'), band(10, 'C')], overSimilar: [band(15, 'A'), band(3, 'C')], minDeltaT: 1, needsLoad: false },
    { id: 'nfpa-70b', name: 'NFPA 70B', overAmbient: [band(40, 'A'), band(20, 'B'), band(10, 'C')], overSimilar: [band(15, 'A'), band(3, 'C')], minDeltaT: 1, needsLoad: true },
    { id: 'site', name: 'Plant rule 7', overAmbient: [band(30, 'A')], overSimilar: [band(10, 'A')], minDeltaT: 2, needsLoad: false },
  ],
};

const record = (_id: string, imageNumber: string, identification: string) => ({
  _id,
  imageNumber,
  identification,
  note: '',
  severityLevel: null,
  status: 'draft',
  thermalImage: null,
  realImage: null,
  ambientTemperature: 21,
  measurements: [],
  observations: [],
});
export const ASSET_INSPECTIONS = [
  {
    _id: 'i1',
    timestamp: new Date(2026, 2, 4, 9, 0).getTime(),
    user: 'u-thermo',
    checklist: '',
    asset: 'a1',
    attributeData: [],
    attributeComments: [],
    type: 'ThermographyInspection',
    records: [record('n1', '7', 'Q3 breaker row'), record('n2', '8', 'Q4 breaker row')],
  },
];

/** A stored picture's bytes (jsdom's Blob is no body fetch's Response takes: the bytes go as they are). */
export const pictureResponse = () => new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { status: 200, headers: { 'content-type': 'image/jpeg' } });

/** Signed in with these permissions, the thermography table opened and its one row expanded. */
export async function openNote(note: ThermographyNoteView | (() => ThermographyNoteView), permissions: string[], answers: Answers = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const read = typeof note === 'function' ? note : () => note;
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'Thermography Notes', type: 'thermography', default: true }]),
    'GET /api/table/t1': () =>
      jsonResponse(200, {
        name: 'Thermography Notes',
        keyField: '_id',
        type: 'thermography',
        fields: [{ heading: 'Identification', dataField: 'identification' }],
        filters: [],
        data: [{ _id: 'n1', identification: 'Q3 breaker row' }],
        setSupportRowExpand: true,
      }),
    'GET /api/thermographyNote/n1': () => jsonResponse(200, read()),
    'GET /api/file/f-thermal': () => pictureResponse(),
    'GET /api/file/f-real': () => pictureResponse(),
    // A picture without temperatures unless a test gives its raw data (thermalPicture.test.tsx): the stored JPEG is shown.
    'GET /api/thermographyNote/n1/radiometry': () => errorResponse(404, 'thermalImage holds no temperatures'),
    'GET /api/thermography/config': () => jsonResponse(200, THERMOGRAPHY_CONFIG),
    // The asset's notes a reference may be chosen from: this one and a similar component's.
    'GET /api/inspection': () => jsonResponse(200, ASSET_INSPECTIONS),
    ...answers,
  });
  renderApp('/home/thermographyNote/table/t1');
  const user = userEvent.setup();
  // The engineer shell and table screen are lazy chunks: the first test of a file waits for their transform.
  const row = (await screen.findByText('Q3 breaker row')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  const editor = await screen.findByTestId('thermography-note-editor');
  return { api, user, editor };
}
