import { expect, test } from 'vitest';
import { percentile, summarise } from './stats.ts';

test('nearest-rank percentiles', () => {
  const xs = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(xs, 50)).toBe(50);
  expect(percentile(xs, 95)).toBe(95);
  expect(summarise([3, 1, 2])).toEqual({ n: 3, p50: 2, p95: 3, max: 3 });
});
