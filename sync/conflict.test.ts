import { ApplicationError } from '@rocicorp/zero';
import { describe, expect, it } from 'vitest';
import {
  assertNotCrossed,
  baseOf,
  crossedByOurs,
  editSince,
  overTheirs,
  sameValue,
  theirsOf,
} from './conflict.ts';
import { codeOf } from './errors.ts';

const server = { location: 'server' as const };
const client = { location: 'client' as const };

function refusal(fn: () => void) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('crossing edits (sync/conflict.ts)', () => {
  it('compares stored values: nothing is nothing, lists are sets', () => {
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue(['x', 'y'], ['y', 'x'])).toBe(true);
    expect(sameValue(['x'], ['x', 'y'])).toBe(false);
    expect(sameValue(['x'], 'x')).toBe(false);
  });

  it('lets a change through when the field is as the form read it, or already the new value', () => {
    const stored = { title: 'Bath', access: 'General' };
    expect(
      refusal(() => assertNotCrossed(server, stored, { title: 'Bath time' }, { title: 'Bath' })),
    ).toBeUndefined();
    // Sent twice (a replay): the second finds its own value stored.
    expect(
      refusal(() => assertNotCrossed(server, stored, { title: 'Bath' }, { title: 'Old' })),
    ).toBeUndefined();
    // A field the change does not set is not judged.
    expect(
      refusal(() => assertNotCrossed(server, stored, { access: 'General' }, { title: 'Old' })),
    ).toBeUndefined();
  });

  it('refuses a field someone else changed, saying what is stored now', () => {
    const e = refusal(() =>
      assertNotCrossed(
        server,
        { title: 'Bath, hot', categoryIds: ['a', 'b'] },
        { title: 'Bath, warm', categoryIds: ['a'] },
        { title: 'Bath', categoryIds: ['a'] },
      ),
    );
    expect(e).toBeInstanceOf(ApplicationError);
    const details = (e as ApplicationError).details;
    expect(codeOf(details)).toBe('changed');
    // The list was not changed by this form, but writing it would undo theirs: refused too.
    expect(theirsOf(details)).toEqual({ title: 'Bath, hot', categoryIds: ['a', 'b'] });
  });

  it('leaves the judgement to the server (a refusal in a rebase would stop the sync)', () => {
    expect(
      refusal(() =>
        assertNotCrossed(client, { title: 'Hot' }, { title: 'Warm' }, { title: 'Bath' }),
      ),
    ).toBeUndefined();
  });

  it('accepts only the named fields in a base', () => {
    const base = baseOf(['title', 'access']);
    expect(base.safeParse({ title: 'x', access: null }).success).toBe(true);
    expect(base.safeParse(undefined).success).toBe(true);
    expect(base.safeParse({ description: 'x' }).success).toBe(false);
    expect(base.safeParse({ title: 'x'.repeat(10_001) }).success).toBe(false);
  });
});

describe('what an editor sends, and what the outbox does with a crossed change', () => {
  it('editSince: only the fields that changed, each with what it was', () => {
    const was = { title: 'Bath', access: 'General', categoryIds: ['a', 'b'], feelingOther: null };
    const now = {
      title: 'Bath, hot',
      access: 'General',
      categoryIds: ['b', 'a'],
      feelingOther: '',
    };
    expect(editSince(was, now)).toEqual({
      changes: { title: 'Bath, hot' },
      base: { title: 'Bath' },
    });
    expect(editSince({}, { title: 'New' })).toEqual({
      changes: { title: 'New' },
      base: { title: null },
    });
    expect(editSince({ categoryIds: ['a'] }, { categoryIds: ['a', 'c'] })).toEqual({
      changes: { categoryIds: ['a', 'c'] },
      base: { categoryIds: ['a'] },
    });
  });

  it('overTheirs: sent again, judged against what is stored now', () => {
    const args = {
      id: 'p',
      title: 'Mine',
      access: 'Restricted',
      base: { title: 'Old', access: 'General' },
    };
    expect(overTheirs(args, { title: 'Theirs' })).toEqual({
      id: 'p',
      title: 'Mine',
      access: 'Restricted',
      base: { title: 'Theirs', access: 'General' },
    });
    // What it meets now is what it was judged against: it lands.
    const sent = overTheirs(args, { title: 'Theirs' });
    expect(() =>
      assertNotCrossed(server, { title: 'Theirs', access: 'General' }, sent, sent.base),
    ).not.toThrow();
  });

  it('crossedByOurs: every stored value it met is one a later change of ours set', () => {
    expect(crossedByOurs({ title: 'B' }, [{ title: 'A' }, { title: 'B' }])).toBe(true);
    expect(crossedByOurs({ title: 'B', access: 'General' }, [{ title: 'B' }])).toBe(false);
    expect(crossedByOurs({ title: 'B' }, [{ access: 'B' }])).toBe(false);
    expect(crossedByOurs({ categoryIds: ['x', 'y'] }, [{ categoryIds: ['y', 'x'] }])).toBe(true);
  });
});
