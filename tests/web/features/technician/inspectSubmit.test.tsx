import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { typeDate } from '../../helpers/dateInput';
import { errorResponse, jsonResponse, type ApiCall } from '../../helpers/mockApi';
import {
  bearing,
  colour,
  everyTypeChecklist,
  freeColour,
  hex,
  itemIn,
  leak,
  meter,
  notes,
  oilLevel,
  openInspect,
  panelOf,
  photo,
  postsOf,
  pumpChecklist,
  remarks,
  serviceDate,
  status,
  takenAt,
  vibration,
} from './inspectFixtures';

const PUMP_A = hex(1);
const CONTROL_PANEL = hex(3);
const submitted = () => jsonResponse(200, { inspections: [hex(500)], alerts: [] });

async function pumpRegion() {
  const panel = await panelOf('Booster set pump A');
  return { panel, region: within(panel).getByRole('region', { name: pumpChecklist.name }) };
}

const textbox = (region: HTMLElement, name: string) => within(itemIn(region, name)).getByRole('textbox', { name });

/** Status and Vibration are the pump checklist's mandatory items. */
async function fillMandatory(region: HTMLElement) {
  await userEvent.selectOptions(within(itemIn(region, 'Status')).getByRole('combobox', { name: 'Status' }), 'Running');
  await userEvent.type(textbox(region, 'Vibration'), '3.4');
}

describe('checklist submit (spec §5)', () => {
  it('sends each type as its value type: number, boolean, option, colour, text, html, image id, date, date-time epoch ms', async () => {
    const { api } = openInspect({
      'POST /api/file': () => jsonResponse(200, { _id: hex(77), name: 'plate.jpg', contentType: 'image/png', size: 4 }),
      'POST /api/inspection': submitted,
    });
    const panel = await panelOf('Booster set control panel');
    const region = within(panel).getByRole('region', { name: everyTypeChecklist.name });

    await userEvent.type(textbox(region, vibration.name), '7,5'); // a phone keypad's decimal comma
    await userEvent.click(within(itemIn(region, leak.name)).getByRole('button', { name: 'No' }));
    await userEvent.click(within(itemIn(region, oilLevel.name)).getByRole('radio', { name: 'Normal' }));
    await userEvent.selectOptions(within(itemIn(region, status.name)).getByRole('combobox', { name: status.name }), 'Standby');
    await userEvent.click(within(itemIn(region, colour.name)).getByRole('button', { name: 'Amber' }));
    // long texts pasted: typing them key by key only slows the test down
    await userEvent.click(textbox(region, meter.name));
    await userEvent.paste('12345 h');
    await userEvent.click(textbox(region, remarks.name));
    await userEvent.paste('Noisy\nat start');
    await userEvent.click(textbox(region, notes.name));
    await userEvent.paste('<b>Oil</b> on floor<img src=x onerror="window.__pwned=3">');
    await userEvent.upload(within(itemIn(region, photo.name)).getByLabelText('Choose file'), new File(['\x89PNG'], 'plate.png', { type: 'image/png' }));
    await waitFor(() => expect(within(itemIn(region, photo.name)).getByRole('button', { name: 'Remove photo' })).toBeInTheDocument());
    await typeDate(itemIn(region, serviceDate.name), '2025-05-01');
    await typeDate(itemIn(region, takenAt.name), '2025-05-06 02:05 PM');
    fireEvent.change(within(itemIn(region, freeColour.name)).getByLabelText(freeColour.name), { target: { value: '#1e88e5' } });

    // the html preview is sanitised
    const preview = panel.querySelector('.inspection-html-preview') as HTMLElement;
    expect(preview.querySelector('b')).toHaveTextContent('Oil');
    expect(preview.innerHTML).not.toMatch(/onerror|__pwned/);

    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(postsOf(api.calls)).toHaveLength(1));
    const [post] = postsOf(api.calls) as [ApiCall];
    expect(new URLSearchParams(post.search).get('assetId')).toBe(CONTROL_PANEL);
    expect(post.body).toEqual({
      inspectionData: {
        [everyTypeChecklist._id]: {
          [vibration._id]: 7.5,
          [leak._id]: false,
          [oilLevel._id]: 'Normal',
          [status._id]: 'Standby',
          [colour._id]: 'Amber',
          [meter._id]: '12345 h',
          [remarks._id]: 'Noisy\nat start',
          [notes._id]: '<b>Oil</b> on floor<img src=x onerror="window.__pwned=3">',
          [photo._id]: hex(77),
          [serviceDate._id]: '2025-05-01',
          [takenAt._id]: new Date(2025, 4, 6, 14, 5).getTime(),
          [freeColour._id]: '#1e88e5',
        },
      },
      attributeComments: {},
    });

    // the photo went up as the multipart part `file`
    const upload = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/api/file'));
    const form = upload?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  }, 60_000);

  it('posts the selected checklists holding data with their comments, then says so, clears the panel and reloads previous values', async () => {
    const { api } = openInspect({ 'POST /api/inspection': submitted });
    const { panel, region } = await pumpRegion();
    await fillMandatory(region);
    await userEvent.type(textbox(region, bearing.name), '72');
    await userEvent.type(within(itemIn(region, vibration.name)).getByRole('textbox', { name: 'Comment on Vibration' }), 'rough at start');
    const before = Date.now();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Checklist submitted successfully.')).toBeInTheDocument();
    const [post] = postsOf(api.calls) as [ApiCall];
    const query = new URLSearchParams(post.search);
    expect(query.get('assetId')).toBe(PUMP_A);
    expect(Number(query.get('timestamp'))).toBeGreaterThanOrEqual(before);
    expect(Number(query.get('timestamp'))).toBeLessThanOrEqual(Date.now());
    expect(post.body).toEqual({
      inspectionData: { [pumpChecklist._id]: { [status._id]: 'Running', [vibration._id]: 3.4, [bearing._id]: 72 } },
      attributeComments: { [pumpChecklist._id]: { [vibration._id]: 'rough at start' } },
    });
    await waitFor(() => expect(textbox(region, vibration.name)).toHaveValue(''));
    expect(textbox(region, bearing.name)).toHaveValue('');
    expect(within(itemIn(region, 'Status')).getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(within(itemIn(region, vibration.name)).getByRole('textbox', { name: 'Comment on Vibration' })).toHaveValue('');
    await waitFor(() => expect(api.callsTo('GET', `/api/asset/${PUMP_A}/previousInspections`)).toHaveLength(2));
  });

  it('flags mandatory items without a value, says "Mandatory fields are not set" and sends nothing', async () => {
    const { api } = openInspect({ 'POST /api/inspection': submitted });
    const { panel, region } = await pumpRegion();
    await userEvent.type(textbox(region, bearing.name), '85');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Mandatory fields are not set')).toBeInTheDocument();
    expect(itemIn(region, 'Status')).toHaveAttribute('data-flagged', 'true');
    expect(itemIn(region, 'Status')).toHaveTextContent('Required.');
    expect(itemIn(region, vibration.name)).toHaveAttribute('data-flagged', 'true');
    expect(itemIn(region, bearing.name)).not.toHaveAttribute('data-flagged');
    expect(postsOf(api.calls)).toEqual([]);

    // a value lifts the flag at once
    await userEvent.type(textbox(region, vibration.name), '2');
    expect(itemIn(region, vibration.name)).not.toHaveAttribute('data-flagged');
    expect(itemIn(region, 'Status')).toHaveAttribute('data-flagged', 'true');
  });

  it('sends nothing when no selected checklist holds data', async () => {
    const { api } = openInspect({ 'POST /api/inspection': submitted });
    const { panel, region } = await pumpRegion();
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Fill in at least one checklist')).toBeInTheDocument();
    // a comment alone is no data either
    await userEvent.type(within(itemIn(region, vibration.name)).getByRole('textbox', { name: 'Comment on Vibration' }), 'looked fine');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect(postsOf(api.calls)).toEqual([]);
    expect(screen.queryByText('Mandatory fields are not set')).toBeNull();
  });

  it('does not send a number that is not one, and says what is wrong', async () => {
    const { api } = openInspect({ 'POST /api/inspection': submitted });
    const { panel, region } = await pumpRegion();
    await fillMandatory(region);
    await userEvent.type(textbox(region, bearing.name), '8o');
    expect(itemIn(region, bearing.name)).toHaveTextContent('Bearing temperature must be a number');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Some values are not valid')).toBeInTheDocument();
    expect(postsOf(api.calls)).toEqual([]);
  });

  it("shows the server's message when the submit is refused, and keeps what was typed", async () => {
    const { api } = openInspect({
      'POST /api/inspection': () => errorResponse(400, `inspectionData.${pumpChecklist._id}.${vibration._id}: Vibration must be a number`),
    });
    const { panel, region } = await pumpRegion();
    await fillMandatory(region);
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`inspectionData.${pumpChecklist._id}.${vibration._id}: Vibration must be a number`)).toBeInTheDocument();
    expect(screen.queryByText('Checklist submitted successfully.')).toBeNull();
    expect(textbox(region, vibration.name)).toHaveValue('3.4');
    expect(within(panel).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(postsOf(api.calls)).toHaveLength(1);
  });

  it('a double tap submits once: the button is disabled while the call is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api } = openInspect({ 'POST /api/inspection': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { panel, region } = await pumpRegion();
    await fillMandatory(region);
    const submit = within(panel).getByRole('button', { name: 'Submit' });
    await userEvent.dblClick(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(postsOf(api.calls)).toHaveLength(1));
    expect(within(panel).getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    answer(submitted());
    expect(await screen.findByText('Checklist submitted successfully.')).toBeInTheDocument();
    expect(postsOf(api.calls)).toHaveLength(1);
  });

  it('keeps unsent values across a reload of the page, until the submit succeeds', async () => {
    const first = openInspect({ 'POST /api/inspection': submitted });
    let { region } = await pumpRegion();
    await fillMandatory(region);
    first.view.unmount();

    const second = openInspect({ 'POST /api/inspection': submitted });
    const restored = await pumpRegion();
    region = restored.region;
    expect(textbox(region, vibration.name)).toHaveValue('3.4');
    expect(within(restored.panel).getByText(/Unsent values from .* were restored\./)).toBeInTheDocument();
    // other panels start empty
    expect(within(await panelOf('Booster set pump B')).queryByText(/Unsent values/)).toBeNull();

    await userEvent.click(within(restored.panel).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Checklist submitted successfully.')).toBeInTheDocument();
    second.view.unmount();

    openInspect();
    expect(textbox((await pumpRegion()).region, vibration.name)).toHaveValue('');
  });
});
