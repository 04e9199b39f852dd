import { describe, expect, it } from 'vitest';
import { circleOf, type OrgData, type OrgScreen, screensAt } from './org-data.ts';

const who = { userId: 'u', personId: 'p', token: 't' };

/** The screens seedOrgData opens for `people` people, in its order. */
function screensOf(people: number): OrgData {
  const screens: OrgScreen[] = [];
  for (let i = 0; i < people; i++) {
    screens.push({ kind: 'device', person: i, who });
    const { supporters, inSession } = circleOf(i);
    for (let j = 0; j < supporters; j++) {
      screens.push(
        j < inSession
          ? { kind: 'session', person: i, who, level: 'General', sessionId: `s${i}.${j}` }
          : { kind: 'home', person: i, who },
      );
    }
  }
  return { people: [], screens };
}

describe("the provider's shape", () => {
  it('gives each person 1 to 3 supporters, one or two of them in a session', () => {
    const circles = Array.from({ length: 300 }, (_, i) => circleOf(i));
    expect(new Set(circles.map((c) => c.supporters))).toEqual(new Set([1, 2, 3]));
    for (const c of circles) {
      expect(c.inSession).toBeGreaterThanOrEqual(1);
      expect(c.inSession).toBeLessThanOrEqual(Math.min(2, c.supporters));
    }
    // Three screens a person on average: the device and the supporters.
    const screens = circles.reduce((a, c) => a + 1 + c.supporters, 0);
    expect(screens / circles.length).toBe(3);
  });

  it('opens whole people until a step has its clients, each with a writing device first', () => {
    const data = screensOf(300);
    for (const n of [1, 100, 200, 400]) {
      const step = screensAt(data, n);
      expect(step.length).toBeGreaterThanOrEqual(n);
      expect(step.length).toBeLessThan(n + 4);
      // The next screen, if any, is the next person's device: no person is cut.
      expect(data.screens[step.length]?.kind ?? 'device').toBe('device');
      const people = new Set(step.map((s) => s.person));
      for (const p of people) {
        const mine = step.filter((s) => s.person === p);
        expect(mine[0]?.kind).toBe('device');
        expect(mine.filter((s) => s.kind === 'session').length).toBe(circleOf(p).inSession);
      }
    }
  });
});
