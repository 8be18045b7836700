import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { PALETTE_MAX, PALETTE_MIN } from '../../../shared/palette/limits';
import { Dialog } from '../../lib/dialog';
import { catalogueState } from '../../stores/catalogue-store';
import { filterState } from '../../stores/filter-store';
import { paletteState, undo } from '../../stores/palette-store';
import type { OverlayProps } from '../../stores/ui-store';
import type { Algorithm, Pixels } from './extract-client';
import { extractInbox, takeInboxFile } from './extract-inbox';
import { cancelExtraction, extractFromFile, extractState, rerun, setAlgorithm, setCount } from './extract-store';
import './extract-dialog.css';

const ACCEPT = 'image/*,.heic,.heif';
const COUNTS = Array.from({ length: PALETTE_MAX - PALETTE_MIN + 1 }, (_, i) => PALETTE_MIN + i);

const ALGORITHM_LABELS: Record<Algorithm, string> = {
  perceptual: 'Perceptual',
  spec: 'Classic',
};

/** The image as the algorithms saw it. */
function Preview({ image, label }: { image: Pixels; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    canvas.width = image.width;
    canvas.height = image.height;
    context.putImageData(new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
  }, [image]);
  return <canvas ref={ref} className="extract-preview" role="img" aria-label={label} />;
}

function Progress() {
  const { phase, progress } = useSnapshot(extractState);
  return (
    <div className="extract-progress">
      <progress max={1} value={progress} aria-label="Extraction progress" />
      <span>{phase === 'decoding' ? 'Reading the image…' : 'Finding colours and matching paints…'}</span>
      <button type="button" className="extract-button" onClick={cancelExtraction}>
        Cancel
      </button>
    </div>
  );
}

function Result() {
  const { result } = useSnapshot(extractState);
  const { catalogue } = useSnapshot(catalogueState);
  if (!result) return null;
  return (
    <section className="extract-result" aria-label="Extracted palette">
      <p className="extract-made-with">
        Made with <strong>{ALGORITHM_LABELS[result.algorithm]}</strong> matching · {result.swatches.length}{' '}
        {result.swatches.length === 1 ? 'colour' : 'colours'}
        {result.brand ? ` · Matched to ${result.brand} paints` : null}
      </p>
      <ul className="extract-swatches">
        {result.swatches.map((swatch) => {
          const paint = catalogue?.byId.get(swatch.colorId);
          return (
            <li key={swatch.colorId} className="extract-swatch">
              <span
                className="extract-chip"
                style={{ background: swatch.source }}
                title={`From the image: ${swatch.source}`}
              />
              <span aria-hidden="true">→</span>
              <span className="extract-chip" style={{ background: paint?.hexCode }} />
              <span className="extract-swatch-name">
                {paint?.colorName ?? swatch.colorId}
                <small>
                  {paint?.brand} · {paint?.hexCode} · {Math.round(swatch.share * 100)}% of the image
                </small>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Palette from a photo: pick, drop or shoot an image; it is decoded and matched to paints in a worker. */
export default function ExtractDialog({ onClose }: OverlayProps) {
  const state = useSnapshot(extractState);
  const { brand } = useSnapshot(filterState);
  const { file: dropped } = useSnapshot(extractInbox);
  const { canUndo } = useSnapshot(paletteState);
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const busy = state.phase !== 'idle';

  useEffect(() => {
    if (!dropped) return;
    const file = takeInboxFile();
    if (file) void extractFromFile(file);
  }, [dropped]);

  const close = () => {
    cancelExtraction();
    onClose();
  };

  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void extractFromFile(file);
  };

  const changeAlgorithm = (algorithm: Algorithm) => {
    setAlgorithm(algorithm);
    if (state.image) void rerun();
  };

  const changeCount = (count: number) => {
    setCount(count);
    if (state.image && state.algorithm === 'perceptual') void rerun();
  };

  return (
    <Dialog title="Extract palette from image" onClose={close} className="extract-dialog">
      <div className="extract-pick">
        {state.image ? null : (
          <p>
            Choose a photo of a room, a fabric or anything you love; its colours are matched to{' '}
            {brand ? `${brand} paints` : 'real paints'}.
          </p>
        )}
        <div className="extract-pick-buttons">
          <button type="button" className="extract-button extract-primary" onClick={() => pickRef.current?.click()}>
            {state.image ? 'Choose another image' : 'Choose an image'}
          </button>
          <button type="button" className="extract-button extract-camera" onClick={() => cameraRef.current?.click()}>
            Take a photo
          </button>
        </div>
        <input ref={pickRef} type="file" accept={ACCEPT} hidden onChange={onFile} />
        <input ref={cameraRef} type="file" accept="image/*" capture="environment" hidden onChange={onFile} />
        <p className="extract-hint">
          JPEG, PNG, WebP or HEIC (where your browser reads it), up to 50 megapixels. You can also drop an image
          anywhere on the page.
        </p>
      </div>

      <fieldset className="extract-options" disabled={busy}>
        <legend>Matching</legend>
        <label>
          <input
            type="radio"
            name="extract-algorithm"
            checked={state.algorithm === 'perceptual'}
            onChange={() => changeAlgorithm('perceptual')}
          />
          <span>
            Perceptual <small>(recommended) clusters colours as eyes see them, matches paints by CIEDE2000</small>
          </span>
        </label>
        <label>
          <input
            type="radio"
            name="extract-algorithm"
            checked={state.algorithm === 'spec'}
            onChange={() => changeAlgorithm('spec')}
          />
          <span>
            Classic <small>the 20 most common colours, matched by RGB distance, up to 5 paints</small>
          </span>
        </label>
        <label className="extract-count">
          Colors
          <select
            value={state.count}
            disabled={state.algorithm === 'spec'}
            onChange={(event) => changeCount(Number(event.target.value))}
          >
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </fieldset>

      <div className="extract-status" aria-live="polite">
        {busy ? <Progress /> : null}
        {!busy && state.problem ? <p className="extract-problem">{state.problem}</p> : null}
      </div>

      {state.image ? (
        <div className="extract-outcome">
          <Preview image={state.image as Pixels} label={`The image ${state.fileName ?? ''}`} />
          {!busy ? <Result /> : null}
        </div>
      ) : null}

      <div className="extract-footer">
        {state.result ? (
          <button type="button" className="extract-button" disabled={!canUndo} onClick={() => undo()}>
            Undo
          </button>
        ) : null}
        <button type="button" className="extract-button" onClick={close}>
          {state.result ? 'Done' : 'Close'}
        </button>
      </div>
    </Dialog>
  );
}
