import { startTransition, useEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** The content-box size of an element, kept up to date as it resizes; null before it is measured. */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize | null {
  const [size, setSize] = useState<ElementSize | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const keep = (width: number, height: number) =>
      setSize((current) => (current && current.width === width && current.height === height ? current : { width, height }));
    if (typeof ResizeObserver === 'undefined') {
      keep(element.clientWidth, element.clientHeight);
      return;
    }
    // The observer reports what the browser's own layout found, first just after observe(). Reading
    // clientWidth instead forced a layout per widget in the middle of a board's first render, and the
    // size it brings draws the widget: a transition, which yields (issue 20, Total Blocking Time).
    const observer = new ResizeObserver(([entry]) => {
      if (entry) startTransition(() => keep(Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
