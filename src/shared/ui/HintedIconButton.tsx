import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { IconButton, Tooltip, type IconButtonProps } from '@mui/material';
import { useLateRef } from './useLateRef';

export type HintedIconButtonProps = Omit<IconButtonProps, 'aria-label' | 'ref'> & {
  /** The button's accessible name, and the hint shown on hover, keyboard focus or a long press. */
  label: string;
  /** A screen of the app: the button is a link to it. */
  to?: string;
};

/** An icon button named by its label, with MUI's Tooltip as its hint. */
export const HintedIconButton = ({ label, ...buttonProps }: HintedIconButtonProps) => (
  <Tooltip title={label}>
    <LateRefIconButton aria-label={label} {...buttonProps} />
  </Tooltip>
);

type LateRefIconButtonProps = Omit<HintedIconButtonProps, 'label'> & { ref?: Ref<HTMLElement> };

/* Tooltip keeps its child's node in state: the node reaches it after the commit (useLateRef). */
function LateRefIconButton({ ref, to, ...props }: LateRefIconButtonProps) {
  const own = useLateRef(ref);
  return to ? <IconButton component={Link} to={to} ref={own as Ref<HTMLAnchorElement>} {...props} /> : <IconButton ref={own as Ref<HTMLButtonElement>} {...props} />;
}
