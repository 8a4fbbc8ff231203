import { startTransition, useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { IconButton, Tooltip, type IconButtonProps, type TooltipProps } from '@mui/material';

export type HintedIconButtonProps = Omit<IconButtonProps, 'aria-label' | 'ref'> & {
  /** The button's accessible name, and the hint shown on hover, keyboard focus or a long press. */
  label: string;
  /** A screen of the app: the button is a link to it. */
  to?: string;
  placement?: TooltipProps['placement'];
};

/** An icon button named by its label, with MUI's Tooltip as its hint. */
export const HintedIconButton = ({ label, placement, ...buttonProps }: HintedIconButtonProps) => (
  <Tooltip title={label} placement={placement}>
    <LateRefIconButton aria-label={label} {...buttonProps} />
  </Tooltip>
);

type LateRefIconButtonProps = Omit<HintedIconButtonProps, 'label' | 'placement'> & { ref?: Ref<HTMLElement> };

/*
 * Tooltip keeps its child's node in React state, set from the child's ref. Set while React attaches
 * refs, that update is urgent: React renders it at once after the commit, running every passive
 * effect of that commit first, so a page's first screen became one long task (issue 20,
 * docs/performance-phone.md). Here the node reaches Tooltip from an effect, as a transition: the
 * button itself is mounted once and is clickable from the first paint; only its hint waits.
 */
function LateRefIconButton({ ref, to, ...props }: LateRefIconButtonProps) {
  const own = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = own.current;
    startTransition(() => assignRef(ref, node));
    return () => assignRef(ref, null);
  }, [ref]);
  return to ? <IconButton component={Link} to={to} ref={own as Ref<HTMLAnchorElement>} {...props} /> : <IconButton ref={own as Ref<HTMLButtonElement>} {...props} />;
}

function assignRef(ref: Ref<HTMLElement> | undefined, node: HTMLElement | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}
