import { Button } from '@mui/material';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ToolbarActionProps } from '../../mechanism/ResourceDefinition';
import type { AssetRecord } from '../types';
import { assetLabelsUrl } from './labelRoute';

/** 'Print QR labels' for the selected assets: opens their printable labels page. */
export function PrintLabelsButton({ selected }: ToolbarActionProps<AssetRecord>) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<QrCode2Icon />} disabled={selected.length === 0} onClick={() => navigate(assetLabelsUrl(selected.map((asset) => String(asset.id))))}>
      {translate('app.asset.labels.print_action')}
    </Button>
  );
}
