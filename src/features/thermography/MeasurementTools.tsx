import { useState } from 'react';
import { Box, Button, Chip, IconButton, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { DELTA_AMBIENT, DELTA_REFERENCE, deltaValues, MAX_DELTAS, type DeltaT, type ShownDeltaT, type StoredTool, type ToolReading } from '../../../common/thermography/measurementTools';
import { formatCelsius } from '../../../common/thermography/temperatures';
import { parseDecimal } from './fieldNotes';
import { newToolId, type EditedTool } from './thermalTools';
import type { ShownReading } from './useThermalReading';

const celsius = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatCelsius(value));

/** A number typed into a cell: kept as typed while it is not one yet; `null` when emptied. */
function NumberCell({ label, value, valid, placeholder, disabled, onChange }: { label: string; value: number | null; valid: (value: number) => boolean; placeholder: string; disabled: boolean; onChange: (value: number | null) => void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const parsed = parseDecimal(text);
  const wrong = parsed === undefined || (parsed !== null && !valid(parsed));
  // The value changed elsewhere (a reload): show it.
  if (!wrong && parsed !== value && !(parsed === null && value === null)) setText(value === null ? '' : String(value));
  return (
    <TextField
      size="small"
      value={text}
      placeholder={placeholder}
      disabled={disabled}
      error={wrong}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'decimal' } }}
      sx={{ width: 96 }}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseDecimal(event.target.value);
        if (next === null || (next !== undefined && valid(next))) onChange(next);
      }}
    />
  );
}

/** A line's temperature profile as a small chart: °C over the pixels from its first end. */
function ProfileChart({ label, profile }: { label: string; profile: readonly number[] }) {
  const translate = useTranslate();
  if (profile.length < 2) return null;
  const low = Math.min(...profile);
  const high = Math.max(...profile);
  const span = high - low || 1;
  const points = profile.map((value, i) => `${(i / (profile.length - 1)) * 100},${40 - ((value - low) / span) * 40}`).join(' ');
  return (
    <Box role="figure" aria-label={translate('app.thermography.profile_of', { label })} sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5, alignItems: 'stretch' }}>
      <Stack sx={{ justifyContent: 'space-between', textAlign: 'right' }}>
        <Typography variant="caption">{formatCelsius(high)}</Typography>
        <Typography variant="caption">{formatCelsius(low)}</Typography>
      </Stack>
      <Box component="svg" viewBox="0 0 100 40" preserveAspectRatio="none" sx={{ width: '100%', height: 72, bgcolor: 'action.hover', borderRadius: 0.5 }}>
        <polyline points={points} fill="none" stroke="#ffa726" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </Box>
      <span />
      <Typography variant="caption" color="text.secondary">
        {translate('app.thermography.profile_pixels', { count: profile.length })}
      </Typography>
    </Box>
  );
}

interface MeasurementToolsProps {
  tools: readonly EditedTool[];
  readings: ReadonlyMap<string, ShownReading>;
  deltaTs: readonly DeltaT[];
  /** The server's ΔT values as saved (the reference note's Max is known there). */
  savedDeltaTs: readonly ShownDeltaT[];
  ambientC: number | null;
  /** The note's settings, shown where a tool keeps them. */
  noteEmissivity: number | null;
  noteReflectedC: number | null;
  selected: string | null;
  onSelect: (id: string | null) => void;
  /** Editing; without it the tools and ΔTs are shown only. */
  onToolsChange?: (tools: EditedTool[]) => void;
  onDeltaTsChange?: (deltaTs: DeltaT[]) => void;
}

/**
 * The note's measurement tools as a table (DESIGN §16): each tool's min, max and mean (a spot's
 * one temperature), its own emissivity and reflected temperature, a line's profile; then ΔT
 * between two tools or a tool and the ambient or the reference note. Values from the server,
 * or the page's preview (marked) for what changed since the last save.
 */
export function MeasurementTools({ tools, readings, deltaTs, savedDeltaTs, ambientC, noteEmissivity, noteReflectedC, selected, onSelect, onToolsChange, onDeltaTsChange }: MeasurementToolsProps) {
  const translate = useTranslate();
  const editable = onToolsChange !== undefined;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(DELTA_AMBIENT);
  const update = (id: string, patch: Partial<EditedTool>) => onToolsChange?.(tools.map((tool) => (tool.id === id ? ({ ...tool, ...patch } as EditedTool) : tool)));
  const stored: StoredTool[] = tools.map((tool) => ({ ...tool, reading: readings.get(tool.id)?.reading ?? null }));
  const shownDeltas = deltaValues(deltaTs, stored, ambientC, null).map((delta) => {
    if (delta.to !== DELTA_REFERENCE) return delta;
    const saved = savedDeltaTs.find((item) => item.id === delta.id && item.from === delta.from && item.to === delta.to);
    return { ...delta, valueC: saved && !readings.get(delta.from)?.preview ? saved.valueC : null };
  });
  const nameOf = (id: string) =>
    id === DELTA_AMBIENT ? translate('app.thermography.delta_ambient') : id === DELTA_REFERENCE ? translate('app.thermography.delta_reference') : (tools.find((tool) => tool.id === id)?.label ?? id);
  const fromChoice = from && tools.some((tool) => tool.id === from) ? from : (tools[0]?.id ?? '');

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} component="section" aria-label={translate('app.thermography.measurement_tools')}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        {translate('app.thermography.measurement_tools')}
      </Typography>
      {tools.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(editable ? 'app.thermography.no_tools_hint' : 'app.thermography.no_tools')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.thermography.measurement_tools')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.thermography.tool')}</TableCell>
                <TableCell>{translate('app.thermography.tool_max')}</TableCell>
                <TableCell>{translate('app.thermography.tool_min')}</TableCell>
                <TableCell>{translate('app.thermography.tool_mean')}</TableCell>
                <TableCell>{translate('app.thermography.emissivity')}</TableCell>
                <TableCell>{translate('app.thermography.reflected_temperature')}</TableCell>
                {editable ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {tools.map((tool) => {
                const shown = readings.get(tool.id);
                const reading: ToolReading | null = shown?.reading ?? null;
                const spot = tool.kind === 'spot';
                return (
                  <TableRow key={tool.id} hover selected={tool.id === selected} onClick={() => onSelect(tool.id)} data-tool-row={tool.label}>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        {editable ? (
                          <TextField
                            size="small"
                            value={tool.label}
                            slotProps={{ htmlInput: { 'aria-label': translate('app.thermography.tool_label'), maxLength: 40 } }}
                            sx={{ width: 110 }}
                            onChange={(event) => update(tool.id, { label: event.target.value })}
                          />
                        ) : (
                          <Typography variant="body2">{tool.label}</Typography>
                        )}
                        {shown?.preview ? <Chip size="small" variant="outlined" label={translate('app.thermography.preview')} /> : null}
                      </Stack>
                    </TableCell>
                    <TableCell data-value="max">{celsius(reading?.maxC)}</TableCell>
                    <TableCell>{spot ? '' : celsius(reading?.minC)}</TableCell>
                    <TableCell>{spot ? '' : celsius(reading?.meanC)}</TableCell>
                    <TableCell>
                      <NumberCell
                        label={translate('app.thermography.tool_emissivity', { label: tool.label })}
                        value={tool.emissivity}
                        valid={(value) => value > 0 && value <= 1}
                        placeholder={noteEmissivity === null ? '' : noteEmissivity.toFixed(2)}
                        disabled={!editable}
                        onChange={(emissivity) => update(tool.id, { emissivity })}
                      />
                    </TableCell>
                    <TableCell>
                      <NumberCell
                        label={translate('app.thermography.tool_reflected', { label: tool.label })}
                        value={tool.reflectedTemperatureC}
                        valid={(value) => value >= -100 && value <= 1000}
                        placeholder={noteReflectedC === null ? '' : noteReflectedC.toFixed(1)}
                        disabled={!editable}
                        onChange={(reflectedTemperatureC) => update(tool.id, { reflectedTemperatureC })}
                      />
                    </TableCell>
                    {editable ? (
                      <TableCell>
                        <Tooltip title={translate('app.thermography.delete_tool', { label: tool.label })}>
                          <IconButton
                            aria-label={translate('app.thermography.delete_tool', { label: tool.label })}
                            onClick={(event) => {
                              event.stopPropagation();
                              // Its ΔTs go with it (the editor's tool change drops them).
                              onToolsChange!(tools.filter((item) => item.id !== tool.id));
                            }}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {stored
        .filter((tool) => tool.kind === 'line' && tool.reading?.profile)
        .map((tool) => (
          <Box key={tool.id} sx={{ mt: 1.5 }}>
            <Typography variant="caption" component="h5">
              {translate('app.thermography.profile_of', { label: tool.label })}
            </Typography>
            <ProfileChart label={tool.label} profile={tool.reading!.profile!} />
          </Box>
        ))}

      <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
        {translate('app.thermography.delta_t')}
      </Typography>
      <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('app.thermography.delta_t')}>
        {shownDeltas.map((delta) => (
          <Stack key={delta.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }} data-delta={`${nameOf(delta.from)} − ${nameOf(delta.to)}`}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {translate('app.thermography.delta_line', { from: nameOf(delta.from), to: nameOf(delta.to), value: delta.valueC === null ? '—' : `${delta.valueC.toFixed(1)} °C` })}
            </Typography>
            {onDeltaTsChange ? (
              <IconButton aria-label={translate('app.thermography.delete_delta', { from: nameOf(delta.from), to: nameOf(delta.to) })} onClick={() => onDeltaTsChange(deltaTs.filter((item) => item.id !== delta.id))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Stack>
        ))}
        {shownDeltas.length === 0 ? (
          <Typography variant="body2" color="text.secondary" component="li">
            {translate('app.thermography.no_delta_t')}
          </Typography>
        ) : null}
      </Stack>
      {onDeltaTsChange && tools.length > 0 && deltaTs.length < MAX_DELTAS ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField select size="small" fullWidth={false} label={translate('app.thermography.delta_from')} value={fromChoice} onChange={(event) => setFrom(event.target.value)} sx={{ width: 150 }}>
            {tools.map((tool) => (
              <MenuItem key={tool.id} value={tool.id}>
                {tool.label}
              </MenuItem>
            ))}
          </TextField>
          <Typography>−</Typography>
          <TextField select size="small" fullWidth={false} label={translate('app.thermography.delta_to')} value={to} onChange={(event) => setTo(event.target.value)} sx={{ width: 170 }}>
            {[DELTA_AMBIENT, DELTA_REFERENCE, ...tools.filter((tool) => tool.id !== fromChoice).map((tool) => tool.id)].map((id) => (
              <MenuItem key={id} value={id}>
                {nameOf(id)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<AddIcon />}
            disabled={!fromChoice || to === fromChoice}
            onClick={() => onDeltaTsChange([...deltaTs, { id: newToolId(), from: fromChoice, to }])}
          >
            {translate('app.thermography.add_delta_t')}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}
