/**
 * How long an open screen keeps rows its reader may no longer see: from the
 * change that takes the access away (sent to the API as the person would) to
 * the last row gone from the reader's synced view (DESIGN.md §3: live
 * removal; target p50 <= 1 s). Four ways access ends, each measured
 * `iterations` times against a real stack, with Node Zero clients holding
 * exactly the queries the screens hold:
 *
 * - a supporter's session ends (the supporter finishes it), with the
 *   supporter's library open (`preference.supported`);
 * - the person removes a supporter's link while that supporter is in session;
 * - the person withdraws an accepted Preference invite, with the guest's
 *   library open (`preference.list`);
 * - the same for a PreferenceCategory invite (its rows reach the guest
 *   through the preference's categories).
 *
 * The access is given back between tries by the API (a session) or by a
 * statement (a link, an accepted invite: the invite flow's e-mail and
 * acceptance are not what is measured). Prints nothing; returns the samples.
 */
import type { TypedView } from '@rocicorp/zero';
import postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { queries } from '../../sync/queries.ts';
import { registerAndSignIn, type SignedIn, signIn, zeroClient } from '../harness/clients.ts';
import { startTestStack } from '../harness/stack.ts';
import { summarise } from './stats.ts';

type Summary = ReturnType<typeof summarise>;

/** How long one removal (or one grant) may take before the try counts as missed. */
const WAIT_MS = 20_000;

type Kind = 'session' | 'link' | 'preferenceInvite' | 'categoryInvite';
/** `missed`: rows still shown after WAIT_MS; `unseen`: access given whose rows never arrived. */
export type LiveRemoval = Record<Kind, Summary & { missed: number; unseen: number }>;

/** Resolves with the time `holds` first became true of the view's data (checked at each change). */
function whenView<T>(view: TypedView<T>, holds: (data: T) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let remove = () => {};
    const timer = setTimeout(() => {
      remove();
      reject(new Error('timed out'));
    }, WAIT_MS);
    const check = (data: T) => {
      if (!holds(data)) return;
      const at = performance.now();
      clearTimeout(timer);
      // The listener may fire while it is being added: remove it after.
      queueMicrotask(() => remove());
      resolve(at);
    };
    remove = view.addListener((data) => check(data as T));
    check(view.data);
  });
}

export async function liveRemoval({ iterations = 10 } = {}): Promise<LiveRemoval> {
  const stack = await startTestStack({ web: 'none' });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const clients: { close(): Promise<void> }[] = [];
  const api = async (who: SignedIn, method: string, path: string, want: number) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { cookie: who.cookie },
    });
    const text = await res.text();
    if (res.status !== want) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  try {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const sam = await signIn(stack.url, 'sam@example.com');
    const arohaId = aroha.personId;
    const out = {} as LiveRemoval;

    /** Times `iterations` removals: `grant` gives access until `full` holds, `take` takes it away. */
    const measure = async <T>(
      kind: Kind,
      view: TypedView<T>,
      full: (data: T) => boolean,
      empty: (data: T) => boolean,
      grant: () => Promise<void>,
      take: () => Promise<void>,
    ) => {
      const samples: number[] = [];
      let missed = 0;
      let unseen = 0;
      for (let i = 0; i < iterations; i++) {
        const granted = whenView(view, full);
        await grant();
        try {
          await granted;
        } catch {
          // Never shown in the first place: not a removal to time.
          unseen++;
          await take();
          continue;
        }
        // Removal is measured from a view that holds the rows and has settled.
        await new Promise((r) => setTimeout(r, 200));
        const t0 = performance.now();
        const gone = whenView(view, empty);
        await take();
        try {
          samples.push((await gone) - t0);
        } catch {
          missed++;
        }
      }
      out[kind] = { ...summarise(samples), missed, unseen };
    };

    // A session's end, by the supporter finishing it.
    const zs = zeroClient(stack.zeroUrl, sam);
    clients.push(zs);
    const samView = zs.materialize(
      queries.preference.supported({ personId: arohaId, level: 'General' }),
    );
    const rows = (d: unknown) => (d as { preferences?: unknown[] } | undefined)?.preferences ?? [];
    let sessionId = '';
    await measure(
      'session',
      samView,
      (d) => rows(d).length > 0,
      (d) => rows(d).length === 0,
      async () => {
        const s = await api(sam, 'POST', `/api/people/${arohaId}/support`, 201);
        sessionId = String(s.id);
      },
      async () => {
        await api(sam, 'DELETE', `/api/people/${arohaId}/support/${sessionId}`, 204);
      },
    );
    samView.destroy();

    // A link removed by the person while its supporter is in session.
    const helper = await registerAndSignIn(stack.url, 'bench.removal');
    const zh = zeroClient(stack.zeroUrl, helper);
    clients.push(zh);
    const helperView = zh.materialize(
      queries.preference.supported({ personId: arohaId, level: 'General' }),
    );
    let linkId = '';
    await measure(
      'link',
      helperView,
      (d) => rows(d).length > 0,
      (d) => rows(d).length === 0,
      async () => {
        linkId = crypto.randomUUID();
        await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
                  values (${linkId}, ${helper.personId}, ${arohaId}, 'General', ${arohaId})`;
        await api(helper, 'POST', `/api/people/${arohaId}/support`, 201);
      },
      async () => {
        await api(aroha, 'DELETE', `/api/people/${arohaId}/supporters/${linkId}`, 204);
      },
    );
    helperView.destroy();

    // Invites withdrawn by the person, with the guest's library open.
    const guest = await registerAndSignIn(stack.url, 'bench.guest');
    const zg = zeroClient(stack.zeroUrl, guest);
    clients.push(zg);
    const guestView = zg.materialize(queries.preference.list({ personId: arohaId }));
    const invite = (kind: 'Preference' | 'PreferenceCategory', targetId: string) => {
      let inviteId = '';
      return {
        grant: async () => {
          inviteId = crypto.randomUUID();
          await sql`insert into invite (id, person_id, kind, target_id, expires_at, created_by, accepted_at, accepted_by)
                    values (${inviteId}, ${arohaId}, ${kind}, ${targetId}, now() + interval '1 day', ${arohaId}, now(), ${guest.personId})`;
        },
        take: async () => {
          await api(aroha, 'DELETE', `/api/people/${arohaId}/invites/${inviteId}`, 204);
        },
      };
    };
    const some = (d: readonly unknown[]) => d.length > 0;
    const none = (d: readonly unknown[]) => d.length === 0;
    const pref = invite('Preference', seedId('preference:aroha:tea'));
    await measure('preferenceInvite', guestView, some, none, pref.grant, pref.take);
    const cat = invite('PreferenceCategory', seedId('category:aroha:breakfast'));
    await measure('categoryInvite', guestView, some, none, cat.grant, cat.take);
    guestView.destroy();
    return out;
  } finally {
    await Promise.allSettled(clients.map((c) => c.close()));
    await sql.end({ timeout: 5 });
    await stack.stop();
  }
}
