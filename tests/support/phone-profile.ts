import type { Page } from '@playwright/test';

/** Lighthouse's mobile profile: slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Puts `page` on the phone profile: its CPU `cpuRate` × slower and, unless told otherwise, slow 4G. */
export async function throttle(page: Page, cpuRate: number, slowNetwork = true): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (slowNetwork) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
}
