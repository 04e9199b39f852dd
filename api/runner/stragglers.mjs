/**
 * Plain JavaScript: the parent watch (parent-watch.mjs) runs it without tsx.
 * Types in stragglers.d.mts.
 */
import { readdir, readFile } from 'node:fs/promises';

/**
 * The processes (other than this one) whose environment holds `marker`, e.g.
 * `PB_INSTANCE=…`. Linux /proc only; elsewhere the list is empty.
 * @param {string} marker
 * @returns {Promise<number[]>}
 */
export async function processesWithEnv(marker) {
  /** @type {number[]} */
  const found = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const env = await readFile(`/proc/${name}/environ`, 'utf8').catch(() => '');
    if (env.split('\0').includes(marker)) found.push(Number(name));
  }
  return found;
}

/**
 * zero-cache forks its workers into sessions of their own, so when its main
 * process dies (crash, SIGKILL) they are not in its process group and keep
 * running, retrying the database for ever. Every process we start carries a
 * marker in its environment; this kills what is left of it and resolves once
 * it is gone (a SIGKILL takes effect a moment later; their ports are then free).
 * Resolves with how many it killed.
 * @param {string} marker
 * @returns {Promise<number>}
 */
export async function killStragglers(marker) {
  const killed = new Set();
  for (let i = 0; i < 50; i++) {
    const pids = await processesWithEnv(marker);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return killed.size;
}
