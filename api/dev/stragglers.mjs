/**
 * Plain JavaScript: the parent watch (parent-watch.mjs) runs it without tsx.
 * Types in stragglers.d.mts.
 */
import { readFileSync } from 'node:fs';
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
 * The live processes (other than this one) of process group `pgid`. A child
 * started under a parent watch is in the watch's group, and so is every
 * process it forks without leaving it: Postgres's backends, for one, which
 * run on for a while when their postmaster is killed and keep its shared
 * memory, so that no new postmaster can start on the same data. (Postgres
 * writes its process titles over its environment, so a marker there cannot
 * find them.) Linux /proc only; elsewhere the list is empty.
 * @param {number} pgid
 * @returns {Promise<number[]>}
 */
export async function processesInGroup(pgid) {
  /** @type {number[]} */
  const found = [];
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const stat = processStat(Number(name));
    if (stat && stat.state !== 'Z' && stat.pgrp === pgid) found.push(Number(name));
  }
  return found;
}

/**
 * What /proc/<pid>/stat says of `pid`: its state (`Z` for a zombie), parent,
 * process group and start time (field 22, clock ticks since boot: with the
 * pid it names one process, not whichever later gets the same pid); undefined
 * when there is no such process, or no /proc.
 * @param {number} pid
 * @returns {{ state: string, ppid: number, pgrp: number, startTime: string } | undefined}
 */
export function processStat(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (name) S ppid pgrp …": the name may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    state: fields[0] ?? '',
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    startTime: fields[19] ?? '',
  };
}

/**
 * SIGKILLs whatever `find` lists until it lists nothing (a SIGKILL takes
 * effect a moment later; their ports are then free). Resolves with how many
 * it killed.
 * @param {() => Promise<number[]>} find
 * @returns {Promise<number>}
 */
async function killAll(find) {
  const killed = new Set();
  for (let i = 0; i < 50; i++) {
    const pids = await find();
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

/**
 * zero-cache forks its workers into sessions of their own, so when its main
 * process dies (crash, SIGKILL) they are not in its process group and keep
 * running, retrying the database for ever. Every process we start carries a
 * marker in its environment; this kills what is left of it and resolves once
 * it is gone. Resolves with how many it killed.
 * @param {string} marker
 * @returns {Promise<number>}
 */
export function killStragglers(marker) {
  return killAll(() => processesWithEnv(marker));
}

/**
 * Kills what is left of process group `pgid` (see processesInGroup) and
 * resolves, with how many, once it is gone.
 * @param {number} pgid
 * @returns {Promise<number>}
 */
export function killGroup(pgid) {
  return killAll(() => processesInGroup(pgid));
}
