import { Button } from '@/components/ui/button';
import { MAX_SELECTION } from '../api/parcel-map';

export type SelectionState =
  | { kind: 'none' }
  | { kind: 'loading'; count: number }
  | { kind: 'done'; count: number; complete: boolean }
  | { kind: 'refused'; message: string };

/** Selecting parcels (those in view, or a drawn box) and exporting them. */
export function SelectionPanel({
  state,
  drawing,
  onSelectView,
  onToggleDraw,
  onExport,
  onClear,
}: {
  state: SelectionState;
  drawing: boolean;
  onSelectView: () => void;
  onToggleDraw: () => void;
  onExport: (format: 'csv' | 'geojson') => void;
  onClear: () => void;
}) {
  const count = state.kind === 'loading' || state.kind === 'done' ? state.count : 0;
  return (
    <section className="pmap-selection" aria-label="Selection">
      <div className="pmap-selection__tools">
        <Button variant="secondary" size="sm" onClick={onSelectView} disabled={state.kind === 'loading'}>
          Select parcels in view
        </Button>
        <Button variant={drawing ? 'default' : 'outline'} size="sm" aria-pressed={drawing} onClick={onToggleDraw}>
          {drawing ? 'Drag on the map to select' : 'Select an area'}
        </Button>
      </div>
      <p className="pmap-selection__status" role="status">
        {state.kind === 'loading'
          ? `Selecting… ${count.toLocaleString('en-US')} parcels so far`
          : state.kind === 'done'
            ? `${count.toLocaleString('en-US')} ${count === 1 ? 'parcel' : 'parcels'} selected` +
              (state.complete
                ? ''
                : ` (the first ${MAX_SELECTION.toLocaleString('en-US')}: select a smaller area for the rest)`)
            : state.kind === 'refused'
              ? state.message
              : ''}
      </p>
      {state.kind === 'done' && count > 0 && (
        <div className="pmap-selection__tools">
          <Button size="sm" onClick={() => onExport('csv')}>
            Download CSV
          </Button>
          <Button size="sm" onClick={() => onExport('geojson')}>
            Download GeoJSON
          </Button>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
        </div>
      )}
    </section>
  );
}
