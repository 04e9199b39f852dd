import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { circleChanges } from '../sync/circle.ts';
import { inviteServerChanges } from '../sync/invite.ts';
import { changeNamed, clientChanges } from '../sync/mutators.ts';
import { myDataServerChanges } from '../sync/my-data.ts';
import { preferenceChanges } from '../sync/preference.ts';
import { type AfterCommit, runLater } from './change.ts';
import { halfOf } from './server-halves.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the work a change leaves for after its commit', () => {
  test('each task runs; one that fails is logged and the rest still run', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    await runLater([
      { run: async () => void ran.push('a') },
      {
        run: async () => {
          throw new Error('the store is away');
        },
      },
      { run: async () => void ran.push('c') },
    ]);
    expect(ran).toEqual(['a', 'c']);
    expect(log).toHaveBeenCalledWith('api: work after a change failed: the store is away');
  });

  test('tasks that are the same once-per-request work run once', async () => {
    let files = 0;
    const once = Symbol('remove files');
    const task: AfterCommit = {
      run: async () => {
        files += 1;
      },
      once,
    };
    await runLater([task, { ...task }, task]);
    expect(files).toBe(1);
  });
});

describe('server halves', () => {
  test('declared on the changes whose commit asks something of the world', () => {
    expect(halfOf(clientChanges.media.delete)?.afterAll).toBeTypeOf('function');
    expect(halfOf(circleChanges.setEnd)?.afterAll).toBeTypeOf('function');
    expect(halfOf(inviteServerChanges.create)?.within).toBeTypeOf('function');
    expect(halfOf(myDataServerChanges.askDeletion)?.after).toBeTypeOf('function');
    expect(halfOf(preferenceChanges.update)).toBeUndefined();
  });

  test('a mutation’s name finds its change, and nothing else', () => {
    expect(changeNamed('preference.update')).toBe(preferenceChanges.update);
    expect(changeNamed('media.delete')).toBe(clientChanges.media.delete);
    for (const name of ['preference', 'preference.', 'preference.update.x', 'toString.call']) {
      expect(changeNamed(name), name).toBeUndefined();
    }
    expect(changeNamed('preference.constructor')).toBeUndefined();
    expect(changeNamed('__proto__.toString')).toBeUndefined();
  });

  test('a change table is named by what it holds: the client’s are registered for Zero, the rest say Server', async () => {
    const syncDir = path.join(path.dirname(new URL(import.meta.url).pathname), '../sync');
    const modules = (await readdir(syncDir)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const registered = new Set<unknown>(Object.values(clientChanges));
    const tables: string[] = [];
    for (const file of modules) {
      const exports = (await import(path.join(syncDir, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!name.endsWith('Changes') || name === 'clientChanges') continue;
        tables.push(name);
        if (registered.has(value)) expect(name, `${file}: ${name}`).not.toMatch(/Server/);
        else expect(name, `${file}: ${name} is not a Zero table`).toMatch(/ServerChanges$/);
        // A table lives in the module of its domain: sync/<domain>.ts.
        const domain = name.replace(/(Server)?Changes$/, '').toLowerCase();
        expect(file.replace(/[-.]|ts$/g, ''), name).toContain(domain.slice(0, 4));
      }
    }
    expect(tables.length).toBeGreaterThanOrEqual(18);
  });

  test('no handler in api/ decides what to do by a mutation’s name', async () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const files = (await readdir(root, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const found: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(root, file), 'utf8');
      if (/\.name\s*===?\s*['"`][\w-]+\.[\w-]+['"`]/.test(text)) found.push(file);
    }
    expect(found).toEqual([]);
  });
});
