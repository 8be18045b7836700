import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SavedRow } from '../../../../web/features/saved/saved-sidebar';
import type { PaletteSummary } from '../../../../web/data/palette-repository';
import { paletteSummary } from '../../palette-fixtures';

// The dialog shell wants a browser's history at import; the row alone renders without it.
vi.mock('../../../../web/lib/dialog', () => ({ Dialog: () => null }));

// The sidebar's quiet mark for a palette whose change waits in the outbox for the connection.
const palette = (pending?: boolean): PaletteSummary =>
  paletteSummary({ id: 'p1', name: 'Hall', ...(pending === undefined ? {} : { pending }) });

const row = (p: PaletteSummary) =>
  renderToStaticMarkup(<SavedRow palette={p} checked={false} onToggle={() => {}} canShare={true} />);

describe('the waiting mark in the saved list', () => {
  it('shows in words, with its icon hidden from screen readers, while a change waits', () => {
    const html = row(palette(true));
    expect(html).toMatch(
      /<span class="saved-badge saved-pending"[^>]*><svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Waiting for connection<\/span>/,
    );
  });

  it('is absent once it has been sent, or when it never waited', () => {
    expect(row(palette(false))).not.toContain('Waiting for connection');
    expect(row(palette())).not.toContain('Waiting for connection');
  });
});
