import { type ConfigEnv, mergeConfig, type Plugin } from 'vite';
import base from '../../../vite.config';

/**
 * The real app's build with one difference, a marker in its page: "the next release" for the update
 * test (update.spec.ts), so its service worker differs as a new deploy's would.
 */
const marker: Plugin = {
  name: 'test:next-release',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'swatchbook-release', content: 'next' }, injectTo: 'head' }],
};

export default (env: ConfigEnv) => mergeConfig(base(env), { plugins: [marker] });
