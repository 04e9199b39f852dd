/**
 * CPU and memory of process trees, from /proc (Linux), for the load bench:
 * zero-cache runs as a main process with worker processes under it, Postgres
 * as a postmaster with a backend per connection, so a reading of either is a
 * reading of its whole tree. A tree's memory is the sum of its processes'
 * PSS (each shared page counted once over the processes sharing it): the sum
 * of RSS would count Postgres's shared buffers once per backend.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const PAGE_BYTES = Number(execFileSync('getconf', ['PAGESIZE']).toString().trim());

type Stat = { pid: number; ppid: number; cpuMs: number; rssBytes: number };

function parseStat(pid: number, text: string): Stat | undefined {
  // The command name (field 2) may hold spaces and parentheses: read after its last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(f[i - 3]);
  if (f.length < 22) return undefined;
  return {
    pid,
    ppid: n(4),
    // utime + stime, and cutime + cstime: children that ended (a Postgres
    // backend that closed) leave their CPU time in their parent's.
    cpuMs: (n(14) + n(15) + n(16) + n(17)) * TICK_MS,
    rssBytes: n(24) * PAGE_BYTES,
  };
}

async function allStats(): Promise<Stat[]> {
  const pids = (await readdir('/proc')).filter((d) => /^\d+$/.test(d)).map(Number);
  const stats = await Promise.all(
    pids.map(async (pid) => {
      const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      return text === undefined ? undefined : parseStat(pid, text);
    }),
  );
  return stats.filter((s) => s !== undefined);
}

/**
 * A short name: a Node process by its script (`syncer.js`), anything else by
 * the first two words of its title (`postgres: walsender`).
 */
async function nameOf(pid: number): Promise<string> {
  const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  if (/node$/.test(argv[0] ?? '') && argv[1]) return path.basename(argv[1]);
  return argv.join(' ').trim().split(/\s+/).slice(0, 2).join(' ');
}

/** Proportional set size; RSS when smaps_rollup cannot be read. */
async function pssOf(s: Stat): Promise<number> {
  const text = await readFile(`/proc/${s.pid}/smaps_rollup`, 'utf8').catch(() => '');
  const kb = /^Pss:\s+(\d+) kB/m.exec(text)?.[1];
  return kb === undefined ? s.rssBytes : Number(kb) * 1024;
}

export type TreeReading = {
  cpuMs: number;
  /** The sum of PSS over the tree. */
  memoryBytes: number;
  processes: number;
  /** The process with the largest RSS (zero-cache's sync worker, under load), and that RSS. */
  largest: { name: string; rssBytes: number };
  /** CPU time by process name (zero-cache's workers are told apart by their scripts). */
  cpuByName: Record<string, number>;
};

/**
 * One reading per root: the sum over the root and every live descendant.
 * Missing roots (a process that has gone) read as zero.
 */
export async function readTrees(roots: number[]): Promise<TreeReading[]> {
  const stats = await allStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) {
    const list = children.get(s.ppid);
    if (list) list.push(s);
    else children.set(s.ppid, [s]);
  }
  return Promise.all(
    roots.map(async (root) => {
      const tree: Stat[] = [];
      const queue = stats.filter((s) => s.pid === root);
      while (queue.length > 0) {
        const s = queue.pop() as Stat;
        tree.push(s);
        queue.push(...(children.get(s.pid) ?? []));
      }
      const pss = await Promise.all(tree.map(pssOf));
      const names = await Promise.all(tree.map((t) => nameOf(t.pid)));
      const cpuByName: Record<string, number> = {};
      tree.forEach((t, i) => {
        const name = names[i] ?? '';
        cpuByName[name] = (cpuByName[name] ?? 0) + t.cpuMs;
      });
      const largest = tree.reduce<number>(
        (a, t, i) => (a < 0 || t.rssBytes > (tree[a]?.rssBytes ?? 0) ? i : a),
        -1,
      );
      return {
        cpuMs: tree.reduce((a, t) => a + t.cpuMs, 0),
        memoryBytes: pss.reduce((a, b) => a + b, 0),
        processes: tree.length,
        largest: {
          name: names[largest] ?? '',
          rssBytes: tree[largest]?.rssBytes ?? 0,
        },
        cpuByName,
      };
    }),
  );
}

/** Trees read as one (the nodes of a multi-node zero-cache): sums, and the largest process of all. */
export function mergeTrees(trees: TreeReading[]): TreeReading {
  const cpuByName: Record<string, number> = {};
  for (const t of trees) {
    for (const [name, ms] of Object.entries(t.cpuByName))
      cpuByName[name] = (cpuByName[name] ?? 0) + ms;
  }
  const largest = trees.reduce<TreeReading['largest']>(
    (a, t) => (t.largest.rssBytes > a.rssBytes ? t.largest : a),
    { name: '', rssBytes: 0 },
  );
  return {
    cpuMs: trees.reduce((a, t) => a + t.cpuMs, 0),
    memoryBytes: trees.reduce((a, t) => a + t.memoryBytes, 0),
    processes: trees.reduce((a, t) => a + t.processes, 0),
    largest,
    cpuByName,
  };
}

/** CPU time the whole machine spent busy (every core, every process), in ms. */
export async function machineBusyMs(): Promise<number> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal …
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) *
    TICK_MS
  );
}
