import { slugify } from '../catalogue/ids';
import { paintLabel } from './card-layout';
import type { ExportPalette } from './export-palette';
import { cssComment, cssString } from './text';

/**
 * Custom-property names for each colour's name: `Hague Blue` → `hague-blue`. Always a valid CSS
 * identifier (slugs are [a-z0-9-]); unique within the file, the numbered `color-N` names included.
 */
function nameVariables(palette: ExportPalette): string[] {
  const taken = new Set<string>(['palette-name', ...palette.colors.map((_, i) => `color-${i + 1}`)]);
  return palette.colors.map((color, i) => {
    const base = slugify(color.name) || `paint-${i + 1}`;
    const candidates = [base, `${base}-${slugify(color.brand)}`];
    let name = candidates.find((c) => !taken.has(c));
    for (let n = 2; !name; n++) if (!taken.has(`${base}-${n}`)) name = `${base}-${n}`;
    taken.add(name);
    return name;
  });
}

/** `:root` with `--color-1`… (each noting name, brand and paint number) and a name-based variable per colour. */
export function writePaletteCss(palette: ExportPalette, created: Date): string {
  const names = nameVariables(palette);
  const lines = [
    `/* ${cssComment(palette.name)}: exported from Swatchbook ${created.toISOString()} */`,
    '/* Screen colours approximate the paint: check a tester pot before you buy. */',
    ':root {',
    `  --palette-name: ${cssString(palette.name)};`,
    ...palette.colors.map((c, i) => `  --color-${i + 1}: ${c.hex}; /* ${cssComment(`${c.name}, ${paintLabel(c)}`)} */`),
    '',
    ...palette.colors.map((c, i) => `  --${names[i]}: ${c.hex};`),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
