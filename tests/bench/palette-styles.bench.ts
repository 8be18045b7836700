import { loadCatalogue } from '../../server/catalogue-file';
import { paletteHarmony } from '../../shared/color/harmony';
import { generateColorIds, type Random } from '../../shared/palette/generate';
import { generateStyled, meetsStyle, paletteKey, type StyleColor } from '../../shared/palette/palette-styles';
import { PALETTE_STYLES, type PaletteStyle } from '../../shared/palette/style-names';
import { type BenchRow, type BenchSuite, quantile, summarize, timedRow } from './support';
import { seeded } from '../support/seeded-random';

const PRESSES = 1000;

/**
 * For each palette style, 1 000 presses of Generate on a palette of 5 (nothing locked),
 * scored with the Ou–Luo model, and the time one press takes for 10 colours, beside Random.
 */
const suite: BenchSuite = async () => {
  const catalogue = loadCatalogue();
  const pool: readonly StyleColor[] = catalogue.colors;
  const ids = catalogue.colors.map((c) => c.id);
  const byId = catalogue.byId;
  // The app remembers the palettes a session has shown and asks for new ones; so does the bench.
  const seen = new Set<string>();
  const press = (style: PaletteStyle, current: string[], random: Random): string[] => {
    if (style === 'Random') return generateColorIds(current, [], ids, random);
    const colors = current.map((id) => byId.get(id) as StyleColor);
    const result = generateStyled(style, colors, [], pool, random, seen);
    if (!result.ok) throw new Error(`${style} refused: ${result.cause}`);
    return result.ids;
  };

  const stats = new Map<
    PaletteStyle,
    { mean: number; p10: number; distinct: number; repeats: number; meets: number }
  >();
  for (const style of PALETTE_STYLES) {
    const random = seeded(13);
    let current: string[] = [];
    const scores: number[] = [];
    seen.clear();
    const used = new Set<string>();
    let repeats = 0;
    let meets = 0;
    for (let i = 0; i < PRESSES; i++) {
      current = press(style, current, random);
      const colors = current.map((id) => byId.get(id)!);
      scores.push(paletteHarmony(colors.map((c) => ({ l: c.lab[0], a: c.lab[1], b: c.lab[2] }))));
      const key = paletteKey(current);
      if (seen.has(key)) repeats++;
      seen.add(key);
      for (const id of current) used.add(id);
      if (meetsStyle(style, colors)) meets++;
    }
    const sorted = [...scores].sort((a, b) => a - b);
    stats.set(style, {
      mean: scores.reduce((s, x) => s + x, 0) / scores.length,
      p10: quantile(sorted, 0.1),
      distinct: used.size,
      repeats: (100 * repeats) / PRESSES,
      meets: (100 * meets) / PRESSES,
    });
  }

  const timing = new Map<PaletteStyle, ReturnType<typeof summarize>>();
  for (const style of PALETTE_STYLES) {
    const random = seeded(7);
    seen.clear();
    let current = press(style, press(style, [], random).concat(ids.slice(0, 5)), random);
    current = current.slice(0, 10);
    const samples: number[] = [];
    for (let i = 0; i < 300; i++) {
      const start = performance.now();
      current = press(style, current, random);
      samples.push(performance.now() - start);
    }
    timing.set(style, summarize(samples.slice(20)));
  }

  const random = stats.get('Random')!;
  const rows: BenchRow[] = [];
  for (const style of PALETTE_STYLES) {
    const s = stats.get(style)!;
    const harmonious = style === 'Harmonious';
    const defined = style !== 'Random' && style !== 'Harmonious';
    rows.push({
      name: `style ${style}: mean Ou–Luo CH per pair, ${PRESSES} palettes of 5`,
      unit: 'CH',
      median: s.mean,
      baseline: { name: 'Random', median: random.mean },
      ...(harmonious ? { target: '≥ 1.0 and ≥ 2 × Random', met: s.mean >= 1 && s.mean >= 2 * random.mean } : {}),
    });
    rows.push({
      name: `style ${style}: 10th percentile of CH`,
      unit: 'CH',
      median: s.p10,
      baseline: { name: 'Random', median: random.p10 },
      ...(harmonious ? { target: '> 0', met: s.p10 > 0 } : {}),
    });
    rows.push({
      name: `style ${style}: distinct paints used`,
      unit: 'paints',
      median: s.distinct,
      baseline: { name: 'Random', median: random.distinct },
      ...(harmonious ? { target: '≥ 150', met: s.distinct >= 150 } : {}),
    });
    rows.push({
      name: `style ${style}: presses repeating an earlier palette`,
      unit: '%',
      median: s.repeats,
      baseline: { name: 'Random', median: random.repeats },
      ...(harmonious ? { target: '0', met: s.repeats === 0 } : {}),
    });
    if (defined) {
      rows.push({
        name: `style ${style}: palettes meeting its definition`,
        unit: '%',
        median: s.meets,
        target: '100',
        met: s.meets === 100,
      });
    }
    const t = timing.get(style)!;
    const r = timing.get('Random')!;
    rows.push(
      timedRow({
        name: `style ${style}: one press, 10 colours (Node)`,
        measured: t,
        baseline: { name: 'Random', ...r },
        target: 'median ≤ 2 ms',
        met: t.median <= 2,
      }),
    );
  }
  return rows;
};

export default suite;
