import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OfflineConflictDialog from '../../../../web/features/saved/offline-conflict-dialog';
import type { OutboxConflict } from '../../../../web/data/outbox/outbox-types';
import { outboxState } from '../../../../web/stores/outbox-store';
import { paletteSummary } from '../../palette-fixtures';

// The dialog shell wants a browser's history at import: here it is its title and content.
vi.mock('../../../../web/lib/dialog', () => ({
  Dialog: ({ title, children }: { title: string; children: ReactNode }) => (
    <section aria-label={title}>{children}</section>
  ),
}));

const cap =
  'This palette has 1 000 saved versions, the most one palette keeps. Save it as a new palette to go on changing it.';
const refused = (kind: OutboxConflict['kind']): OutboxConflict => ({
  seq: 7,
  kind,
  reason: 'refused',
  paletteId: 'p1',
  mine: paletteSummary({ id: 'p1', name: 'Hall' }),
  theirs: null,
  message: cap,
});
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
const render = () => renderToStaticMarkup(<OfflineConflictDialog params={{ seq: '7' }} onClose={() => {}} />);

afterEach(() => {
  outboxState.conflicts = [];
});

describe('the choice for an offline change the server refused', () => {
  it('says the server’s words and, for a change of colours or name, offers to keep it as a new palette', () => {
    outboxState.conflicts = [refused('update')];
    const html = render();
    expect(html).toContain('Your change could not be saved');
    expect(html).toContain(`The server refused your offline change to “Hall”: ${cap}`);
    expect(buttons(html)).toEqual(['Try again', 'Save mine as a new palette', 'Discard my change', 'Decide later']);
  });

  it('offers no copy for a refused new palette or sharing change, where a copy means nothing', () => {
    for (const kind of ['create', 'sharing'] as const) {
      outboxState.conflicts = [refused(kind)];
      expect(buttons(render())).toEqual(['Try again', 'Discard my change', 'Decide later']);
    }
  });
});
