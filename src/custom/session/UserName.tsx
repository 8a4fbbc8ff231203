import { Typography, type TypographyProps } from '@mui/material';
import { useSessionUser } from '../../authProvider/useSession';

/** The signed-in user's name, as the bars show it. */
export const UserName = ({ variant = 'body2', sx }: Pick<TypographyProps, 'variant' | 'sx'>) => {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Typography variant={variant} noWrap sx={sx} data-testid="session-user-name">
      {user.name}
    </Typography>
  );
};
