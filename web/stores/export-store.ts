/**
 * Share and export of the current palette (issue 6 fills this in). Other features call these from
 * buttons and shortcuts; the menu and the rendering live in features/export and workers/.
 */
export type ExportFormat = 'png' | 'svg' | 'json' | 'css';

/** Share button: copies `{origin}/#palette=hex-hex-…`, or opens the Web Share sheet on phones. */
export async function sharePaletteLink(): Promise<void> {}

/** Export menu and the E key (PNG). */
export async function exportPalette(_format: ExportFormat): Promise<void> {}
