import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from '../../../../src/shared/ui/DateInput';
import { DateTimeInput } from '../../../../src/shared/ui/DateTimeInput';
import { clearDate, dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { commitsOfFirstTask } from '../../helpers/firstTaskCommits';

/** A caller keeping the value as the screens do, and telling each change. */
function DateHost({ initial = '', onChange, ...limits }: { initial?: string; onChange: (value: string) => void; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="Service date"
      clearable
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      {...limits}
    />
  );
}

function DateTimeHost({ initial = null, onChange }: { initial?: number | null; onChange: (value: number | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeInput
      label="Taken at"
      clearable
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const sectionTexts = (field: HTMLElement) => within(field).getAllByRole('spinbutton').map((section) => section.textContent);

describe('date input (spec §9: date inputs YYYY-MM-DD)', () => {
  it('shows YYYY-MM-DD, not the browser’s mm/dd/yyyy, and hands the caller the typed day as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    render(<DateHost onChange={onChange} />);
    const field = dateField('Service date');
    expect(sectionTexts(field)).toEqual(['YYYY', 'MM', 'DD']);

    await typeDate(field, '2025-05-01');
    expect(onChange).toHaveBeenLastCalledWith('2025-05-01');
    expect(dateFieldValue(field)).toBe('2025-05-01');
    expect(sectionTexts(field)).toEqual(['2025', '05', '01']);
  });

  it('hands a typed date on when the user leaves the field or presses Enter, never a half-typed one; clears to none', async () => {
    const onChange = vi.fn();
    render(<DateHost initial="2024-12-31" onChange={onChange} />);
    const field = dateField('Service date');
    expect(dateFieldValue(field)).toBe('2024-12-31');

    // On the way to 2026 the year passes 0002, 0020 and 0202: none of them is handed on.
    await userEvent.click(within(field).getByRole('spinbutton', { name: 'Year' }));
    await userEvent.keyboard('2026');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');

    // The month emptied: the caller keeps its last whole day, the field what was typed.
    await userEvent.click(within(field).getByRole('spinbutton', { name: 'Month' }));
    await userEvent.keyboard('{Backspace}');
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sectionTexts(field)).toEqual(['2026', 'MM', '31']);

    await clearDate(field);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(sectionTexts(field)).toEqual(['YYYY', 'MM', 'DD']);
  });

  it('hands a day picked in the calendar on at once', async () => {
    const onChange = vi.fn();
    render(<DateHost initial="2025-03-10" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    await userEvent.click(within(await screen.findByRole('grid')).getByRole('gridcell', { name: '21' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-03-21');
    expect(dateFieldValue(dateField('Service date'))).toBe('2025-03-21');
  });

  it('refuses a day outside its limits: the field says so and the caller keeps its value', async () => {
    const onChange = vi.fn();
    render(<DateHost initial="2025-03-10" minDate="2025-03-01" maxDate="2025-03-31" onChange={onChange} />);
    const field = dateField('Service date');
    await typeDate(field, '2025-04-02');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
    await typeDate(field, '2025-03-31');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(onChange).toHaveBeenLastCalledWith('2025-03-31');
  });

  it('offers only the days within its limits in the calendar', async () => {
    render(<DateHost initial="2025-03-10" minDate="2025-03-05" maxDate="2025-03-20" onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Choose date/ }));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getByRole('gridcell', { name: '4' })).toBeDisabled();
    expect(within(calendar).getByRole('gridcell', { name: '5' })).toBeEnabled();
    expect(within(calendar).getByRole('gridcell', { name: '21' })).toBeDisabled();
  });
});

describe('date-time input', () => {
  it('shows YYYY-MM-DD hh:mm AM and hands the caller epoch ms of the local time', async () => {
    const onChange = vi.fn();
    render(<DateTimeHost initial={new Date(2025, 0, 2, 9, 30).getTime()} onChange={onChange} />);
    const field = dateField('Taken at');
    expect(dateFieldValue(field)).toBe('2025-01-02 09:30 AM');

    await typeDate(field, '2025-05-06 02:05 PM');
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 4, 6, 14, 5).getTime());
    expect(dateFieldValue(field)).toBe('2025-05-06 02:05 PM');

    await clearDate(field);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  // Issue 20: the picker keeps its field in React state; set while React attaches refs, the screen
  // that brings a date input rendered twice in one task (the board's period, the inspect view's times).
  it('renders nothing again in the task of its first screen, and its calendar opens beside the field', async () => {
    const first = await commitsOfFirstTask(<DateHost initial="2025-03-10" onChange={vi.fn()} />);
    expect(first.phases).toEqual(['mount']);
    await userEvent.click(within(first.host).getByRole('button', { name: /Choose date/ }));
    expect(within(await screen.findByRole('dialog')).getByRole('grid')).toBeInTheDocument();
    await first.unmount();

    const second = await commitsOfFirstTask(<DateTimeHost initial={Date.UTC(2025, 2, 10, 9, 30)} onChange={vi.fn()} />);
    expect(second.phases).toEqual(['mount']);
    await second.unmount();
  });
});
