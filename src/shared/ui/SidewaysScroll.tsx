import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { alpha, Box } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

/** Which sides of a scrolling box hide content: where there is more to scroll to. */
interface HiddenSides {
  left: boolean;
  right: boolean;
}

const NONE: HiddenSides = { left: false, right: false };

/** Whether the box scrolls sideways and what it hides, kept current as it scrolls or its content or size changes. */
function useHiddenSides(box: RefObject<HTMLElement | null>): HiddenSides {
  const [hidden, setHidden] = useState<HiddenSides>(NONE);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const update = () => {
      // Rounding of fractional widths leaves a pixel either way: less than that hides nothing.
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setHidden((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The box's width (a phone turned) and its content's (new rows, a longer name) both change what is hidden.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    for (const child of element.children) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [box]);
  return hidden;
}

const CUE_WIDTH_PX = 32;

/** A side's cue: the content fades into the background under an arrow pointing where the rest is. */
function Cue({ side }: { side: 'left' | 'right' }) {
  const Arrow = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <Box
      aria-hidden
      data-scroll-cue={side}
      sx={(theme) => ({
        position: 'absolute',
        top: 0,
        bottom: 0,
        [side]: 0,
        width: CUE_WIDTH_PX,
        display: 'flex',
        justifyContent: side === 'left' ? 'flex-start' : 'flex-end',
        alignItems: 'flex-start',
        pt: 0.75,
        pointerEvents: 'none',
        // Over a table's sticky header (MUI draws it at z-index 2).
        zIndex: 3,
        color: 'primary.light',
        background: `linear-gradient(to ${side}, ${alpha(theme.palette.background.paper, 0)}, ${theme.palette.background.paper} 70%)`,
      })}
    >
      <Arrow fontSize="small" />
    </Box>
  );
}

/**
 * A box as high as its parent lets it be, whose content may be wider than it — a table on a phone:
 * the content scrolls inside it, never the page, and each side that hides some of it says so with a
 * cue (the content fading under an arrow), which goes once that side is scrolled to. Keyboard users
 * can focus it to scroll (axe scrollable-region-focusable).
 */
export function SidewaysScroll({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const hidden = useHiddenSides(box);
  return (
    <Box sx={{ position: 'relative', height: '100%', minWidth: 0 }}>
      <Box ref={box} tabIndex={0} sx={{ height: '100%', overflow: 'auto' }}>
        {children}
      </Box>
      {hidden.left && <Cue side="left" />}
      {hidden.right && <Cue side="right" />}
    </Box>
  );
}
