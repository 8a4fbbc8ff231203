import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * The app's date and date-time inputs are MUI X pickers (src/shared/ui/DateInput.tsx): a
 * group, named by its label, of spinbuttons (year, month, day, hours, minutes, AM/PM) that the
 * user types into one after the other.
 */
export const dateField = (name: string, container?: HTMLElement): HTMLElement => (container ? within(container) : screen).getByRole('group', { name });

/** The same, once it is there: the pickers' code is loaded when a screen first shows one (issue 20). */
export const findDateField = (name: string, container?: HTMLElement): Promise<HTMLElement> => (container ? within(container) : screen).findByRole('group', { name });

/** What the field shows: 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm AM', or '' when empty. */
export const dateFieldValue = (field: HTMLElement): string => (field.querySelector('input[aria-hidden="true"]') as HTMLInputElement).value;

/**
 * Types into a field (or a group around one, such as a technician's checklist item) 'YYYY-MM-DD'
 * or 'YYYY-MM-DD hh:mm AM' as a user does: from the first section, its digits (the field moves
 * on by itself when a section is full) and the first letter of AM/PM; then leaves it with Tab,
 * which is when a typed date counts.
 */
export async function typeDate(field: HTMLElement, text: string): Promise<void> {
  // A checklist's picker may still be loading its code (issue 20): a user waits for it too.
  const [first] = await within(field).findAllByRole('spinbutton');
  await userEvent.click(first as HTMLElement);
  await userEvent.keyboard(text.replace(/([AP])M$/i, '$1').replace(/[^0-9AP]/gi, ''));
  await userEvent.tab();
}

/** The field's clear button. */
export async function clearDate(field: HTMLElement): Promise<void> {
  await userEvent.click(within(field).getByRole('button', { name: 'Clear' }));
}
