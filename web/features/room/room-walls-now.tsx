import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { isAbortError } from '../../lib/worker-bridge';
import { catalogueState } from '../../stores/catalogue-store';
import { searchClient } from '../../stores/search-client';
import { useRoomFields } from './room-fields';
import { askWallsNow, roomState, setWallsNow } from './room-store';

/** How many paints the answer lists: enough for a misspelt name, few enough to scan on a phone. */
const SHOWN = 6;

const label = (c: CatalogueColor) => {
  const number = formatColorNumber(c.brand, c.number);
  return `${c.colorName} · ${c.brand}${number ? ` ${number}` : ''}`;
};

/** The paints the app's own search finds for `text` (typo tolerant, colour words), best first. */
function useFoundPaints(text: string): { ids: string[]; suggestion?: string } {
  const [found, setFound] = useState<{ ids: string[]; suggestion?: string }>({ ids: [] });
  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setFound({ ids: [] });
      return;
    }
    const controller = new AbortController();
    searchClient
      .search({ text: query, limit: SHOWN }, controller.signal)
      .then((result) =>
        setFound(result.suggestion ? { ids: result.ids, suggestion: result.suggestion } : { ids: result.ids }),
      )
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.warn('room: the paint search failed', error);
      });
    return () => controller.abort();
  }, [text]);
  return found;
}

/**
 * Asked once per photo, in plain words: what the walls are painted now. "A white, not sure which"
 * is the answer until the person finds their paint with the same search as the main search box.
 */
export function WallsNow() {
  const { wallsNowId, askingWallsNow, picture } = useRoomFields((s) => ({
    wallsNowId: s.wallsNowId,
    askingWallsNow: s.askingWallsNow,
    picture: s.picture?.kind ?? null,
  }));
  const { catalogue } = useSnapshot(catalogueState);
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<string | null>(wallsNowId);
  const found = useFoundPaints(text);
  useEffect(() => {
    if (askingWallsNow) setChoice(roomState.wallsNowId);
  }, [askingWallsNow]);
  if (!picture) return null;
  const now = wallsNowId ? catalogue?.byId.get(wallsNowId) : undefined;
  if (!askingWallsNow) {
    return (
      <p className="room-walls-now">
        Walls now: {now ? `${now.colorName} (${now.brand})` : 'a white, not sure which'}{' '}
        {picture === 'photo' ? (
          <button type="button" className="room-link" onClick={askWallsNow}>
            Change
          </button>
        ) : null}
      </p>
    );
  }
  // The chosen paint stays listed while the person searches on.
  const ids = choice && !found.ids.includes(choice) ? [choice, ...found.ids] : found.ids;
  const paints = ids.flatMap((id) => {
    const color = catalogue?.byId.get(id);
    return color ? [color] : [];
  });
  return (
    <form
      className="room-walls-now room-ask"
      onSubmit={(event) => {
        event.preventDefault();
        void setWallsNow(choice);
      }}
    >
      <fieldset>
        <legend>What colour are your walls painted now?</legend>
        <label className="room-walls-choice">
          <input type="radio" name="room-walls-now" checked={choice === null} onChange={() => setChoice(null)} />A
          white, not sure which
        </label>
        <label className="room-walls-find">
          Find your paint
          <input
            type="search"
            value={text}
            placeholder="Its name, or a colour such as pale grey"
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        {paints.length > 0 ? (
          <ul className="room-walls-found" aria-label="Paints found">
            {paints.map((c) => (
              <li key={c.id}>
                <label className="room-walls-choice">
                  <input
                    type="radio"
                    name="room-walls-now"
                    checked={choice === c.id}
                    onChange={() => setChoice(c.id)}
                  />
                  <span className="room-surface-swatch" style={{ background: c.hexCode }} aria-hidden="true" />
                  {label(c)}
                </label>
              </li>
            ))}
          </ul>
        ) : text.trim() && found.suggestion ? (
          <p className="room-muted">
            No paint by that name. Did you mean{' '}
            <button type="button" className="room-link" onClick={() => setText(found.suggestion ?? '')}>
              {found.suggestion}
            </button>
            ?
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="room-button">
        Done
      </button>
    </form>
  );
}
