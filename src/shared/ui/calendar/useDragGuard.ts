import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * What a drag must obey beyond FullCalendar's own handling (spec §4):
 * - the pointer leaving the calendar cancels the drag and the event goes back where it was;
 * - a click while a drag is under way (and the click that ends it) opens nothing.
 *
 * FullCalendar follows a mouse drag on the document, so it keeps dragging outside the calendar
 * and would drop the event if the pointer came back. On leaving, the drag is ended there: a move
 * and a release outside every day cell, which FullCalendar answers by putting the event back
 * without a drop. Should a drop still arrive for a cancelled drag, it is reverted (`cancelled`).
 */
export function useDragGuard(container: RefObject<HTMLElement | null>) {
  const active = useRef(false);
  const cancelled = useRef(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const onLeave = (event: MouseEvent) => {
      if (!active.current || cancelled.current) return;
      cancelled.current = true;
      const at = { bubbles: true, cancelable: true, clientX: event.clientX, clientY: event.clientY, screenX: event.screenX, screenY: event.screenY, button: 0 };
      document.dispatchEvent(new MouseEvent('mousemove', at));
      document.dispatchEvent(new MouseEvent('mouseup', at));
    };
    element.addEventListener('mouseleave', onLeave);
    return () => element.removeEventListener('mouseleave', onLeave);
  }, [container]);

  /** A drag (move or resize) began. */
  const begin = useCallback(() => {
    active.current = true;
    cancelled.current = false;
  }, []);

  /** It ended; the click the release makes comes after this, so the guard lifts a moment later. */
  const end = useCallback(() => {
    setTimeout(() => {
      active.current = false;
    }, 0);
  }, []);

  /** Whether a click now belongs to a drag and must be ignored. */
  const ignoresClicks = useCallback(() => active.current, []);

  /** Whether the drag that just dropped was cancelled by leaving the calendar. */
  const wasCancelled = useCallback(() => cancelled.current, []);

  return { begin, end, ignoresClicks, wasCancelled };
}
