import { useSnapshot } from 'valtio';
import { catalogueState } from '../../stores/catalogue-store';

/** A strip of a palette's colours; the names are in the text beside it, so the strip is decoration. */
export function PalettePreview({
  colorIds,
  className = 'palette-preview',
}: {
  colorIds: readonly string[];
  className?: string;
}) {
  const { catalogue } = useSnapshot(catalogueState);
  return (
    <div className={className} aria-hidden="true">
      {colorIds.map((id, i) => {
        const color = catalogue?.byId.get(id);
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a palette may not repeat a colour, but a damaged one might.
            key={`${id}-${i}`}
            style={{ backgroundColor: color?.hexCode ?? 'transparent' }}
            title={color?.colorName}
          />
        );
      })}
    </div>
  );
}

/** The names of a palette's colours, for the screen reader text of a preview. */
export function useColorNames(): (id: string) => string {
  const { catalogue } = useSnapshot(catalogueState);
  return (id) => catalogue?.byId.get(id)?.colorName ?? id;
}
