import type { PaletteVersion } from '../../../shared/palette/palette-evolve';

/**
 * What one version changed, in words ('renamed to “Hall”', 'Hague Blue replaced by Stiffkey Blue',
 * 'made public'), from the version before it. Pure, so the history view and its tests share it.
 */
export function describeChange(
  previous: PaletteVersion | null,
  entry: PaletteVersion,
  colorName: (id: string) => string,
): string {
  if (!previous || entry.type === 'PaletteCreated') {
    return `Created as “${entry.name}” with ${entry.colorIds.length} colours`;
  }
  if (entry.type === 'PaletteDeleted') return 'Deleted';
  if (entry.type === 'PaletteUndeleted') return 'Deletion undone (the palette came back private)';
  const parts: string[] = [];
  if (entry.type === 'PaletteRestored' && entry.restoredVersion !== undefined) {
    parts.push(`restored version ${entry.restoredVersion}`);
  }
  if (entry.name !== previous.name) parts.push(`renamed to “${entry.name}”`);
  parts.push(...describeColors(previous.colorIds, entry.colorIds, colorName));
  if (entry.isPublic && !previous.isPublic) parts.push('made public');
  if (!entry.isPublic && previous.isPublic) parts.push('made private');
  if (parts.length === 0) return entry.type === 'PalettePublished' ? 'Shared with a new link' : 'No visible change';
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describeColors(before: readonly string[], after: readonly string[], colorName: (id: string) => string) {
  const kept = new Set(before.filter((id) => after.includes(id)));
  const removed = before.filter((id) => !kept.has(id));
  const added = after.filter((id) => !before.includes(id));
  const parts: string[] = [];
  // A colour that left a position another new colour took is a replacement, as people think of it.
  for (let i = 0; i < before.length; i++) {
    const out = before[i] as string;
    const inn = after[i];
    if (inn !== undefined && removed.includes(out) && added.includes(inn)) {
      parts.push(`${colorName(out)} replaced by ${colorName(inn)}`);
      removed.splice(removed.indexOf(out), 1);
      added.splice(added.indexOf(inn), 1);
    }
  }
  for (let i = 0; i < Math.min(removed.length, added.length); i++) {
    parts.push(`${colorName(removed[i] as string)} replaced by ${colorName(added[i] as string)}`);
  }
  const paired = Math.min(removed.length, added.length);
  for (const id of added.slice(paired)) parts.push(`${colorName(id)} added`);
  for (const id of removed.slice(paired)) parts.push(`${colorName(id)} removed`);
  if (parts.length === 0 && before.join(',') !== after.join(',')) parts.push('colours reordered');
  return parts;
}
