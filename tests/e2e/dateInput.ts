import type { Locator, Page } from 'playwright-core';

/**
 * The app's date inputs are MUI X pickers (src/shared/ui/DateInput.tsx): a group named by its
 * label, holding one spinbutton per section (year, month, day, hours, minutes, AM/PM).
 */
export const dateField = (page: Page | Locator, name: string): Locator => page.getByRole('group', { name, exact: true });

/** What the field shows: 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm AM', or '' when empty. */
export const dateFieldValue = (field: Locator): Promise<string> => field.locator('input[aria-hidden="true"]').inputValue();

/**
 * Types 'YYYY-MM-DD' (or 'YYYY-MM-DD hh:mm AM') as a user does on a desktop: into the first
 * section, digit after digit (the field moves on by itself), then Tab, which is when it counts.
 */
export async function typeDate(field: Locator, text: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(text.replace(/([AP])M$/i, '$1').replace(/[^0-9AP]/gi, ''));
  await field.page().keyboard.press('Tab');
}
