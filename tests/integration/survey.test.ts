/**
 * Check-in surveys through Zero: one submission stores a row per
 * role with its time and who answered, and its history; the person answers
 * for themselves, for their own roles only; a Supporter in an active support
 * session may help a Decision Maker with "How are you?"; anyone else, a role
 * the person does not have and an unanswered statement are refused and store
 * nothing. The last answers reach the person and their Administrator in a
 * session, and nobody else.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { seedId } from '../../api/seed.ts';
import { codeOf } from '../../sync/errors.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import type { surveyResponseArgs } from '../../sync/survey.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, endSessions, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');

type Result =
  | { type: 'success' }
  | { type: 'error'; error: { type: string; message?: string; details?: unknown } };

let dm: SignedIn; // Aroha, DecisionMaker
let ana: SignedIn; // SupporterAndDecisionMaker, Aroha's Administrator
let sam: SignedIn; // Aroha's General supporter
let tui: SignedIn; // DecisionMaker, no connections

const outcome = (r: Result) => (r.type === 'error' ? codeOf(r.error.details) : 'saved');
const messageOf = (r: Result) => (r.type === 'error' ? r.error.message : undefined);

type Response = z.input<typeof surveyResponseArgs>;

const dmAnswers = (): Response => ({
  id: crypto.randomUUID(),
  type: 'DecisionMaker',
  answer1: 'Yes',
  answer2: 'Sometimes',
  answer3: 'No',
});
const supporterAnswers = (): Response => ({
  id: crypto.randomUUID(),
  type: 'Supporter',
  answer1: 'No',
  answer2: 'Yes',
  answer3: 'Yes',
});

async function submit(who: SignedIn, personId: string, responses: Response[]): Promise<Result> {
  const z = client(who);
  return (await serverResult(z, mutators.survey.answer({ personId, responses }))) as Result;
}

/**
 * Arguments no typed client would send (an answer left out, an unknown one),
 * pushed to the API's mutate endpoint as zero-cache does: the code and message.
 */
async function push(who: SignedIn, args: unknown) {
  const res = await call(who, 'POST', '/api/zero/mutate?schema=zero_0&appID=zero', {
    clientGroupID: crypto.randomUUID(),
    mutations: [
      {
        type: 'custom',
        id: 1,
        clientID: crypto.randomUUID(),
        name: 'survey.answer',
        args: [args],
        timestamp: Date.now(),
      },
    ],
    pushVersion: 1,
    timestamp: Date.now(),
    requestID: crypto.randomUUID(),
  });
  expect(res.status).toBe(200);
  const body = res.body as {
    mutations: { result: { error?: string; message?: string; details?: unknown } }[];
  };
  const result = body.mutations[0]?.result;
  return { code: codeOf(result?.details), message: result?.message };
}

async function rowsOf(personId: string) {
  return sql<{ id: string; type: string; answered_by: string | null; created_at: Date }[]>`
    select id, type, answer1, answer2, answer3, answered_by, created_at
    from survey_response where person_id = ${personId} order by created_at, type::text`;
}

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
});

afterEach(async () => {
  await endSessions();
  await sql`delete from survey_response where person_id in (${aroha}, ${ana.personId}, ${tui.personId})`;
});

describe('answering', () => {
  test('a Decision Maker’s answers are stored with the time and who answered, and history says so', async () => {
    const before = Date.now();
    const mine = dmAnswers();
    expect(outcome(await submit(dm, aroha, [mine]))).toBe('saved');
    const rows = await rowsOf(aroha);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: mine.id,
      type: 'DecisionMaker',
      answer1: 'Yes',
      answer2: 'Sometimes',
      answer3: 'No',
      answered_by: aroha,
    });
    const at = rows[0]?.created_at.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const events = await sql`select type, related_type, message, created_by from history_event
      where related_id = ${mine.id}`;
    expect(events).toEqual([
      {
        type: 'Create',
        related_type: 'Survey',
        message: 'Answered the “How are you?” check-in',
        created_by: aroha,
      },
    ]);
  });

  test('someone with both roles stores one row per role in one submission', async () => {
    const r = await submit(ana, ana.personId, [dmAnswers(), supporterAnswers()]);
    expect(outcome(r)).toBe('saved');
    const rows = await rowsOf(ana.personId);
    expect(rows.map((x) => [x.type, x.answered_by])).toEqual([
      ['DecisionMaker', ana.personId],
      ['Supporter', ana.personId],
    ]);
    expect(rows[0]?.created_at).toEqual(rows[1]?.created_at);
  });

  test('a role the person does not have, or only part of theirs, is refused and stores nothing', async () => {
    const wrong = await submit(dm, aroha, [supporterAnswers()]);
    expect(outcome(wrong)).toBe('forbidden');
    expect(messageOf(wrong)).toBe(
      'These statements are not for your role. Please open your own check-in.',
    );
    expect(outcome(await submit(dm, aroha, [dmAnswers(), supporterAnswers()]))).toBe('forbidden');
    expect(outcome(await submit(ana, ana.personId, [dmAnswers()]))).toBe('forbidden');
    expect(await rowsOf(aroha)).toEqual([]);
    expect(await rowsOf(ana.personId)).toEqual([]);
  });

  test('an unanswered or unknown answer is refused with “Please choose one.”, and nothing is stored', async () => {
    for (const bad of [
      { ...dmAnswers(), answer2: undefined },
      { ...dmAnswers(), answer3: null },
      { ...dmAnswers(), answer1: 'Maybe' },
    ]) {
      expect(await push(dm, { personId: aroha, responses: [bad] })).toEqual({
        code: 'invalid',
        message: 'Please choose one.',
      });
    }
    expect((await push(dm, { personId: aroha, responses: [] })).code).toBe('invalid');
    // The same role twice in one submission.
    expect(await push(dm, { personId: aroha, responses: [dmAnswers(), dmAnswers()] })).toEqual({
      code: 'invalid',
      message: 'Each role is answered once.',
    });
    expect(await rowsOf(aroha)).toEqual([]);
  });

  test('someone else is refused as if the person did not exist: a stranger, a supporter outside a session', async () => {
    const stranger = await submit(tui, aroha, [dmAnswers()]);
    const nobody = await submit(tui, 'no-such-person', [dmAnswers()]);
    expect(outcome(stranger)).toBe('not_found');
    expect(outcome(nobody)).toBe('not_found');
    expect(messageOf(stranger)).toBe(messageOf(nobody));
    expect(outcome(await submit(sam, aroha, [dmAnswers()]))).toBe('not_found');
    expect(await rowsOf(aroha)).toEqual([]);
  });

  test('a Supporter in a support session may help with “How are you?”, recorded as the one who answered; nothing else', async () => {
    await startSession(sam, aroha);
    const helped = dmAnswers();
    expect(outcome(await submit(sam, aroha, [helped]))).toBe('saved');
    const refused = await submit(sam, aroha, [supporterAnswers()]);
    expect(outcome(refused)).toBe('forbidden');
    expect(messageOf(refused)).toBe(
      'In a support session you can help with the “How are you?” check-in only.',
    );
    // Not for someone whose supporter they are not.
    expect(outcome(await submit(sam, tui.personId, [dmAnswers()]))).toBe('not_found');
    const rows = await rowsOf(aroha);
    expect(rows.map((x) => [x.id, x.type, x.answered_by])).toEqual([
      [helped.id, 'DecisionMaker', sam.personId],
    ]);
    const [event] = await sql`select message, created_by from history_event
      where related_id = ${helped.id}`;
    expect(event).toEqual({
      message: 'Helped to answer the “How are you?” check-in',
      created_by: sam.personId,
    });
    // Once the session ends, no more.
    await endSessions();
    expect(outcome(await submit(sam, aroha, [dmAnswers()]))).toBe('not_found');
    expect(await rowsOf(aroha)).toHaveLength(1);
  });

  test('a create never overwrites: an id already taken is refused', async () => {
    const first = dmAnswers();
    expect(outcome(await submit(dm, aroha, [first]))).toBe('saved');
    expect(outcome(await submit(tui, tui.personId, [{ ...dmAnswers(), id: first.id }]))).toBe(
      'conflict',
    );
    const rows = await rowsOf(aroha);
    expect(rows.map((x) => x.answered_by)).toEqual([aroha]);
    expect(await rowsOf(tui.personId)).toEqual([]);
  });
});

describe('who reads the last answers (through zero-cache)', () => {
  const latest = () => queries.survey.latest({ personId: aroha, type: 'DecisionMaker' });

  test('the person and their Administrator in a session; not a General supporter in session, nor a stranger, nor the Administrator outside a session', async () => {
    const older = dmAnswers();
    expect(outcome(await submit(dm, aroha, [older]))).toBe('saved');
    const newer: Response = { ...dmAnswers(), answer1: 'No' };
    await new Promise((r) => setTimeout(r, 5));
    expect(outcome(await submit(dm, aroha, [newer]))).toBe('saved');

    const own = await client(dm).run(latest(), { type: 'complete' });
    expect(own).toMatchObject({ id: newer.id, answer1: 'No', answeredBy: aroha });

    // The Administrator before a session: nothing.
    const anaZ = client(ana);
    expect(await anaZ.run(latest(), { type: 'complete' })).toBeUndefined();
    await startSession(ana, aroha);
    const seen = await eventually(
      'the last answers on the Administrator’s client',
      () => anaZ.run(latest(), { type: 'complete' }),
      (r) => r?.id === newer.id,
    );
    expect(seen?.answeredBy).toBe(aroha);

    await startSession(sam, aroha);
    expect(await client(sam).run(latest(), { type: 'complete' })).toBeUndefined();
    expect(await client(tui).run(latest(), { type: 'complete' })).toBeUndefined();

    // The session ends: the answers leave the Administrator's client, live.
    await endSessions();
    await eventually(
      'the answers gone from the Administrator’s client',
      () => anaZ.run(latest(), { type: 'complete' }),
      (r) => r === undefined,
    );
  });
});
