import { Link, useMatch } from 'react-router-dom';
import { ListItemIcon, MenuItem, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import type { MenuEntry } from './MenuEntry';

/**
 * A drawer link like react-admin's MenuItemLink, except that it can highlight on its exact path
 * only: MenuItemLink treats every path below '/home' as Home.
 */
export const DrawerMenuItem = ({ entry }: { entry: MenuEntry }) => {
  const translate = useTranslate();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const active = useMatch({ path: entry.to, end: entry.exact ?? false }) !== null;
  const label = translate(entry.label);
  const Icon = entry.icon;

  const item = (
    <MenuItem
      component={Link}
      to={entry.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={() => {
        if (isSmall) setSidebarOpen(false);
      }}
      sx={{ minHeight: 44 }}
    >
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </MenuItem>
  );

  return sidebarOpen ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
};
