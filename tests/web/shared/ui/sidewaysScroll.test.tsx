import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SidewaysScroll } from '../../../../src/shared/ui/SidewaysScroll';

/**
 * Issue 40 §4: a table wider than its widget scrolls sideways inside it, and the side that hides
 * columns says so. jsdom lays nothing out: the box's widths and scroll position are given by hand
 * (a 300 px box holding 500 px of table).
 */
function layOut(box: HTMLElement, { scrollLeft }: { scrollLeft: number }) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: 300 });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: 500 });
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: scrollLeft });
  fireEvent.scroll(box);
}
const cues = (container: HTMLElement) => [...container.querySelectorAll('[data-scroll-cue]')].map((cue) => cue.getAttribute('data-scroll-cue'));

describe('a box scrolling sideways', () => {
  it('shows a cue on each side that hides content, and none on a side scrolled to', () => {
    const { container } = render(
      <SidewaysScroll>
        <table>
          <tbody>
            <tr>
              <td>Asset</td>
              <td>Critical</td>
            </tr>
          </tbody>
        </table>
      </SidewaysScroll>,
    );
    // Focusable, so a keyboard can scroll it.
    const box = screen.getByRole('table').parentElement!;
    expect(box).toHaveAttribute('tabindex', '0');
    expect(cues(container)).toEqual([]);

    layOut(box, { scrollLeft: 0 });
    expect(cues(container)).toEqual(['right']);
    layOut(box, { scrollLeft: 100 });
    expect(cues(container)).toEqual(['left', 'right']);
    layOut(box, { scrollLeft: 200 });
    expect(cues(container)).toEqual(['left']);
    // The cue is an arrow, hidden from assistive technology (the table itself is read as it is).
    expect(container.querySelector('[data-scroll-cue="left"]')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('[data-scroll-cue="left"] svg')).not.toBeNull();
  });
});
