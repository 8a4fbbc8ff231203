import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { formatTimestamp } from '../../../../common/formatTime';
import { ChecklistPicker } from './ChecklistPicker';
import { ChecklistSection } from './ChecklistSection';
import { useInspectionForm } from './useInspectionForm';
import { usePreviousInspections } from './usePreviousInspections';
import { useSensorValues } from './useSensorValues';
import { useSubmitInspection, type ProcedureSubmission } from './useSubmitInspection';
import type { InspectAsset } from './inspectTypes';

interface AssetInspectPanelProps {
  asset: InspectAsset;
  userId: string | null;
  /** read-inspection: previous values are shown. */
  canReadInspections: boolean;
  /** update-inspection: the panel can be submitted. */
  canSubmit: boolean;
  /** read-asset: the measurement points' latest sensor readings are shown (DESIGN §17). */
  canReadAssets?: boolean;
  /** A work order's procedure filled here (its checklist alone): the submission names the order. */
  procedure?: ProcedureSubmission;
  /** After a submit was taken (sent, or kept on the phone). */
  onSubmitted?: () => void;
}

/**
 * One asset of the scanned group (spec §2.3): its message, the checklist choice, the selected
 * checklists' items, and Submit (spec §5). Each panel submits on its own.
 */
export const AssetInspectPanel = ({ asset, userId, canReadInspections, canSubmit, canReadAssets = false, procedure, onSubmitted }: AssetInspectPanelProps) => {
  const translate = useTranslate();
  const form = useInspectionForm(asset, userId, procedure?.draftScope);
  const previous = usePreviousInspections(asset._id, canReadInspections);
  const sensors = useSensorValues(asset._id, canReadAssets);
  const { submit, sending } = useSubmitInspection();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { state, clear, flag } = form;
  const panelRef = useRef<HTMLDivElement>(null);
  const anchorId = `asset-${asset._id}`;
  const headingId = `${anchorId}-name`;

  const onBusyChange = useCallback((key: string, isBusy: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      if (isBusy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const selected = useMemo(
    () => asset.checklistDetails.filter((checklist) => state.selected.includes(checklist._id)),
    [asset.checklistDetails, state.selected],
  );

  const onSubmit = () =>
    submit({
      assetId: asset._id,
      assetName: asset.name,
      identification: asset.identification,
      selected,
      values: state.values,
      comments: state.comments,
      onFlag: (missing) => {
        flag(missing);
        // Submit sits below the items: bring the first one to fix into view.
        requestAnimationFrame(() => {
          const first = panelRef.current?.querySelector('[data-flagged], [data-invalid]');
          first?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
        });
      },
      onSubmitted: () => {
        clear();
        previous.reload();
        onSubmitted?.();
      },
      procedure,
    });

  const uploading = busy.size > 0;
  return (
    <Paper ref={panelRef} component="section" aria-labelledby={headingId} id={anchorId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 72 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {asset.name}
      </Typography>
      {asset.message ? (
        <Alert severity="info" icon={false} sx={{ mb: 2, '& p': { my: 0.5 } }}>
          <SafeHtml html={asset.message} className="asset-message" />
        </Alert>
      ) : null}
      {state.restoredAt !== null ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={clear}>
              {translate('app.inspection.discard_draft')}
            </Button>
          }
        >
          {translate('app.inspection.draft_restored', { time: formatTimestamp(state.restoredAt) })}
        </Alert>
      ) : null}

      {asset.checklistDetails.length === 0 ? (
        <Typography color="text.secondary">{translate('app.inspection.no_checklists')}</Typography>
      ) : (
        <>
          <ChecklistPicker
            checklists={asset.checklistDetails}
            options={asset.checklistOptions ?? []}
            selected={state.selected}
            onToggle={form.toggle}
            onSelect={form.select}
          />
          {selected.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {translate('app.inspection.choose_checklist')}
            </Typography>
          ) : null}
          {selected.map((checklist) => (
            <ChecklistSection
              key={checklist._id}
              checklist={checklist}
              values={state.values[checklist._id]}
              comments={state.comments[checklist._id]}
              flagged={state.flagged[checklist._id]}
              previous={previous}
              sensors={sensors}
              onValue={form.setValue}
              onComment={form.setComment}
              onBusyChange={onBusyChange}
            />
          ))}
          {selected.length > 0 ? (
            <Stack spacing={1} sx={{ mt: 3 }}>
              {!canSubmit ? <Alert severity="warning">{translate('app.inspection.no_submit_permission')}</Alert> : null}
              <Button
                variant="contained"
                size="large"
                fullWidth
                onClick={onSubmit}
                disabled={sending || uploading || !canSubmit}
                startIcon={sending || uploading ? <CircularProgress size={20} color="inherit" /> : null}
                sx={{ minHeight: 56, fontSize: '1.0625rem' }}
                aria-describedby={headingId}
              >
                {translate(sending ? 'app.inspection.submitting' : uploading ? 'app.inspection.uploading' : 'app.inspection.submit')}
              </Button>
            </Stack>
          ) : null}
        </>
      )}
    </Paper>
  );
};
