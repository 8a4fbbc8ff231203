import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import HomeIcon from '@mui/icons-material/Home';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../../../platform/authProvider/useSession';
import { ThermographyNoteForm } from '../../thermography/ThermographyNoteForm';
import { AssetInspectPanel } from './AssetInspectPanel';
import { useAssetGroup } from './useAssetGroup';
import { showsPreviousValues } from '../../../../common/firstAsks';

/**
 * /inspection/asset/identification/:assetIdentification (spec §2.3): every asset sharing the
 * scanned identification, one inspect panel each. A thermography technician
 * (create-thermography-note) gets the thermography note form instead of the checklists, unless
 * the role may also submit inspections.
 */
export const AssetInspectPage = () => {
  const translate = useTranslate();
  const { assetIdentification = '' } = useParams();
  const user = useSessionUser();
  const permissions = user?.permissions ?? [];
  const writesNotes = permissions.includes('create-thermography-note');
  const showsChecklists = !writesNotes || permissions.includes('update-inspection');
  const { state, retry } = useAssetGroup(assetIdentification, showsChecklists);

  return (
    <Stack spacing={2}>
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {translate('app.inspection.title', { identification: assetIdentification })}
      </Typography>

      {state.status === 'loading' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4, justifyContent: 'center' }} role="status">
          <CircularProgress size={28} />
          <Typography>{translate('app.inspection.loading')}</Typography>
        </Stack>
      ) : null}

      {state.status === 'notFound' ? (
        <Alert severity="warning" sx={{ alignItems: 'center' }}>
          <Typography sx={{ mb: 2 }}>{translate('app.inspection.not_found', { identification: assetIdentification })}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to="/inspection/scanner" variant="contained" startIcon={<QrCodeScannerIcon />} sx={{ minHeight: 48 }}>
              {translate('app.inspection.scan_again')}
            </Button>
            <Button component={RouterLink} to="/inspection" variant="outlined" color="inherit" startIcon={<HomeIcon />} sx={{ minHeight: 48 }}>
              {translate('app.inspection.home')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {state.status === 'error' ? (
        <Alert severity="error" sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>{translate('app.inspection.load_failed')}</Typography>
          <Typography sx={{ mb: 2 }}>{state.message}</Typography>
          <Button onClick={retry} variant="contained" color="error" startIcon={<RefreshIcon />} sx={{ minHeight: 48 }}>
            {translate('app.inspection.retry')}
          </Button>
        </Alert>
      ) : null}

      {state.status === 'ready' ? (
        <>
          {writesNotes ? (
            <ThermographyNoteForm
              key={assetIdentification}
              identification={assetIdentification}
              assetName={state.assets[0]!.name}
              userId={user?._id ?? ''}
            />
          ) : null}
          {showsChecklists && state.assets.length > 1 ? (
            <Box component="nav" aria-label={translate('app.inspection.assets_here')}>
              <Typography variant="body2" color="text.secondary">
                {translate('app.inspection.assets_sharing', { count: state.assets.length })}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                {state.assets.map((asset) => (
                  <Link
                    key={asset._id}
                    href={`#asset-${asset._id}`}
                    onClick={(event) => {
                      // Scroll only: a hash in the URL would add a history entry the Back button walks through.
                      event.preventDefault();
                      document.getElementById(`asset-${asset._id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    }}
                    sx={{ py: 1 }}
                  >
                    {asset.name}
                  </Link>
                ))}
              </Box>
            </Box>
          ) : null}
          {(showsChecklists ? state.assets : []).map((asset) => (
            <AssetInspectPanel
              key={asset._id}
              asset={asset}
              userId={user?._id ?? null}
              canReadInspections={user ? showsPreviousValues(user) : false}
              canSubmit={permissions.includes('update-inspection')}
              canReadAssets={permissions.includes('read-asset')}
            />
          ))}
        </>
      ) : null}
    </Stack>
  );
};
