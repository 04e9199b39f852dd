import { afterAll, expect, test } from 'vitest';
import { groupFigures, startMetricsReceiver } from './load-metrics.ts';

const receiver = await startMetricsReceiver();
afterAll(() => receiver.stop());

/** One OTLP/HTTP JSON export, as zero-cache's workers send them (cumulative). */
function exportOf(worker: string, advances: number, advanceSeconds: number, resets: number) {
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'process.worker', value: { stringValue: worker } }] },
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'zero.sync.advance-time',
                histogram: {
                  dataPoints: [{ attributes: [], count: String(advances), sum: advanceSeconds }],
                },
              },
              {
                name: 'zero.sync.pipeline-resets',
                sum: {
                  dataPoints: [
                    { attributes: [{ key: 'reason', value: { stringValue: 'x' } }], asInt: resets },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

const send = (app: string, body: unknown) =>
  fetch(receiver.urlFor(app), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('a phase is the difference of two snapshots, summed over workers, apps kept apart', async () => {
  expect((await send('ours', exportOf('syncer-0', 10, 0.1, 0))).status).toBe(200);
  expect((await send('ours', exportOf('syncer-1', 5, 0.05, 1))).status).toBe(200);
  expect((await send('bare', exportOf('syncer-0', 99, 9, 9))).status).toBe(200);
  const before = receiver.snapshot('ours');
  // Cumulative: the next export replaces each worker's point.
  await send('ours', exportOf('syncer-0', 30, 0.5, 0));
  await receiver.fresh('ours', 1000);
  const after = receiver.snapshot('ours');
  const g = groupFigures(before, after);
  expect(g.advances).toBe(20);
  expect(g.advanceMs).toBeCloseTo(20, 5); // (0.5 - 0.1) s over 20 advances
  expect(g.pipelineResets).toBe(0);
  expect(receiver.snapshot('bare').get('zero.sync.advance-time')?.count).toBe(99);
});

test('anything but a JSON export is refused', async () => {
  expect((await send('ours', 'not json')).status).toBe(200); // a JSON string: no metrics in it
  const res = await fetch(receiver.urlFor('ours'), { method: 'POST', body: '{' });
  expect(res.status).toBe(400);
  expect((await fetch(receiver.urlFor('ours').replace('/v1/metrics', '/x'))).status).toBe(404);
});
