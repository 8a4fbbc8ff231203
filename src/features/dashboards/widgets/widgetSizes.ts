/*
 * A widget's parts sized from its body's box in CSS (container units: the body is a size container,
 * WIDGET_BODY_CONTAINER), not from a measurement: nothing waits for a ResizeObserver's report and
 * re-renders, and a server drawing a board's first screen, which has no box to measure, draws the
 * same sizes the browser will (issue 20).
 */

/** On the widget's body (WidgetItem): what the sizes below are relative to. */
export const WIDGET_BODY_CONTAINER = { containerType: 'size' } as const;

/**
 * Below this breakpoint (a phone) the items of a section stand one under another, each the
 * screen's width (DashboardView), and a widget whose content flows — HTML, a table's rows — is as
 * tall as that content instead of its item's height: a fixed box would cut it off, or hide it in
 * a scroll box of its own that nothing on a phone shows.
 */
export const STACKED_BELOW = 'sm';

/** Spec §9: a chart is drawn at 90% of its item's size. */
export const CHART_SIZE = { width: '90%', height: '90%' } as const;

/** Spec §9: a progress circle is 65% of the smaller dimension. */
export const PROGRESS_DIAMETER = '65cqmin';

/**
 * A font size worked out in CSS pixels from the body's box. Where the browser can divide lengths (CSS
 * typed arithmetic) it is scaled by rem / 16 px, so it grows with the browser's text size (200 % text,
 * WCAG 1.4.4) as a rem size does; elsewhere it is the length itself.
 */
export function textSizeOf(length: string) {
  return { fontSize: length, '@supports (width: calc(1px * (1rem / 16px)))': { fontSize: `calc(${length} * (1rem / 16px))` } };
}

/** A big number that fits its box: at most 40% of the height, narrower for longer texts, never under 14 px. */
export function valueTextSize(text: string) {
  const widthPerCharacter = Math.max(1, text.length * 0.62);
  return textSizeOf(`max(14px, min(40cqh, 100cqw / ${Math.round(widthPerCharacter * 100) / 100}))`);
}

/** The caption under a number: 9% of the height, between 13 and 28 px. */
export const CAPTION_TEXT_SIZE = textSizeOf('clamp(13px, 9cqh, 28px)');

/** The percentage inside a progress circle: 22% of its diameter, at least 12 px. */
export const PROGRESS_TEXT_SIZE = textSizeOf('max(12px, 14.3cqmin)');
