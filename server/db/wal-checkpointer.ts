import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * How many WAL pages a commit may leave before the server's own connection checkpoints itself: a
 * backstop for when the worker below is gone or behind. SQLite's default is 1 000.
 */
export const BACKSTOP_PAGES = 10_000;

/** The worker: its own connection to the file, a PASSIVE checkpoint every `intervalMs`. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies committed pages from the WAL into the database file on a worker thread. SQLite otherwise
 * does it inside the commit that crosses 1 000 pages, on the thread that answers requests: about a
 * third of an append's commit time under write load (tests/bench/server.bench.ts). A PASSIVE
 * checkpoint never waits for the writer or blocks it, and the WAL still restarts from its start once
 * it has all been copied. The server's connection keeps a larger automatic checkpoint as the backstop.
 */
export function startWalCheckpointer(
  db: Database.Database,
  onError: (message: string) => void,
  intervalMs = 100,
): { stop(): Promise<void> } {
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return { stop: async () => {} };
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path: db.name, intervalMs } });
  // The process may end without asking it: the checkpointer never keeps the server alive.
  worker.unref();
  worker.on('message', onError);
  worker.on('error', (error) => onError(String(error)));
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
