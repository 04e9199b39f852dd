import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { circleChanges } from '../sync/circle.ts';
import { inviteChanges } from '../sync/invite.ts';
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
    expect(halfOf(inviteChanges.create)?.within).toBeTypeOf('function');
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
