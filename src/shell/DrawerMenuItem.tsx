import { Link, useMatch } from 'react-router-dom';
import { ListItemIcon, MenuItem, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useSidebarState, useTranslate } from 'react-admin';
import { isRouteEntry, type DocumentMenuEntry, type MenuEntry, type RouteMenuEntry } from './MenuEntry';

/** A drawer entry of either kind: a screen of the app, or a document opened in a new tab. */
export const DrawerMenuItem = ({ entry }: { entry: MenuEntry }) =>
  isRouteEntry(entry) ? <RouteMenuItem entry={entry} /> : <DocumentMenuItem entry={entry} />;

/** The collapsed drawer shows icons only: the label becomes a tooltip. */
function WithTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  const [sidebarOpen] = useSidebarState();
  return sidebarOpen ? (
    children
  ) : (
    <Tooltip title={label} placement="right">
      {children}
    </Tooltip>
  );
}

/**
 * A document outside the app (spec §2.4 Thermography Info opens an external PDF): a real link
 * with target _blank, so the browser opens it in a new tab without a popup blocker in the way;
 * shown once its address is known.
 */
function DocumentMenuItem({ entry }: { entry: DocumentMenuEntry }) {
  const translate = useTranslate();
  const url = entry.useUrl();
  const label = translate(entry.label);
  const Icon = entry.icon;
  if (!url) return null;
  return (
    <WithTooltip label={label}>
      <MenuItem component="a" href={url} target="_blank" rel="noopener noreferrer" sx={{ minHeight: 44 }}>
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <Typography variant="inherit" noWrap>
          {label}
        </Typography>
        <OpenInNewIcon fontSize="inherit" sx={{ ml: 1, opacity: 0.6 }} aria-hidden />
      </MenuItem>
    </WithTooltip>
  );
}

/**
 * A drawer link like react-admin's MenuItemLink, except that it can highlight on its exact path
 * only: MenuItemLink treats every path below '/home' as Home.
 */
function RouteMenuItem({ entry }: { entry: RouteMenuEntry }) {
  const translate = useTranslate();
  const [, setSidebarOpen] = useSidebarState();
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

  return <WithTooltip label={label}>{item}</WithTooltip>;
}
