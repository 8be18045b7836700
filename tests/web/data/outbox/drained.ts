import { expect } from 'vitest';
import type { OutboxRepository } from '../../../../web/data/outbox/outbox-types';

/** Waits until the outbox has nothing left to send (held conflicts aside). */
export async function drained(outbox: OutboxRepository, held = 0) {
  await expect
    .poll(
      async () => {
        await outbox.flush();
        return outbox.waiting();
      },
      { timeout: 5000 },
    )
    .toBe(held);
}
