import { Typography, type TypographyProps } from '@mui/material';
import { useSessionUser } from '../platform/authProvider/useSession';

/** The signed-in user's name, as the bars show it: text, never a heading whatever its size (axe heading-order). */
export const UserName = ({ variant = 'body2', sx }: Pick<TypographyProps, 'variant' | 'sx'>) => {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Typography variant={variant} component="span" noWrap sx={[{ display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]} data-testid="session-user-name">
      {user.name}
    </Typography>
  );
};
