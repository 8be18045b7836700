/** `Hicks' Blue` → `hicks-blue`, `Córdoba` → `cordoba`, `Farrow & Ball` → `farrow-ball`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Stable id of a catalogue colour: `farrow-ball-hague-blue`, `lick-greige-02`. */
export function colorId(brand: string, colorName: string): string {
  return `${slugify(brand)}-${slugify(colorName)}`;
}

/** How the UI shows a supplier number: Farrow & Ball prints "No. 30"; others show it bare. */
export function formatColorNumber(brand: string, number: string | null): string | null {
  if (!number) return null;
  return brand === 'Farrow & Ball' ? `No. ${number}` : number;
}
