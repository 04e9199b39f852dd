import { readdir, readFile } from 'node:fs/promises';

/**
 * The processes (other than this one) whose environment holds `marker`, e.g.
 * `PB_INSTANCE=…`. Linux /proc only; elsewhere the list is empty.
 */
export async function processesWithEnv(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
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
 * marker in its environment; this finds what is left of it and kills it.
 */
export async function killStragglers(marker: string): Promise<number> {
  const pids = await processesWithEnv(marker);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return pids.length;
}
