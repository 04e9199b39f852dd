import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Navigate, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { dates } from '../../sync/dates.ts';
import { shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { planLabel, subscriptionMessages } from '../../sync/subscription.ts';
import { ApiError, call, client } from '../api-client.ts';
import { AnswerState } from '../components/query-state.tsx';
import { PlanList } from '../components/subscription-plans.tsx';
import { useSubscriptionVersion } from '../components/upgrade-button.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { subscriptionPageMessages } from '../messages/subscription.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { oneOf, searchOf, text } from '../navigation/search-params.ts';
import { useNavContext } from '../navigation/use-nav-context.ts';

const t = subscriptionPageMessages;
const OUTCOMES = ['success', 'cancelled', 'failed'] as const;
type Outcome = (typeof OUTCOMES)[number];

const subscriptionSearch = searchOf({ outcome: oneOf(OUTCOMES), session_id: text() });

/**
 * The subscription page (spec §2 /settings/subscription, §3, §4, §6, §9):
 * the current plan and who looks after it, what is used of it,
 * and the plans to choose from. Choosing one goes to Stripe Checkout through
 * the API, which sends the browser back here with `?outcome=`; the plan
 * itself changes only by Stripe's webhook, and shows here live (the synced
 * subscription row), as it does in every other tab. Only the person and
 * their Administrator in a session see the subscription; any other
 * supporter in a session sees what is used, the current plan marked and the
 * plans disabled, with the reason (spec §4), and the page asks nothing
 * else for them; the API refuses anyone else, in words. A Supporter in
 * their own area has no plan, and an iOS native shell offers none.
 */
export const Route = createFileRoute('/people/$personId/settings/subscription')({
  head: pageHead(messages.titles.subscription),
  validateSearch: subscriptionSearch,
  beforeLoad: ({ context, params }) => {
    const me = context.session.person;
    if (me.type === 'Supporter' && params.personId === me.id) {
      throw redirect({ to: '/people/$personId', params: { personId: params.personId } });
    }
  },
  component: SubscriptionPage,
});

const subscriptions = client.people[':personId'].subscriptions;

/**
 * The calls of the page; usage may fail on its own (spec §7: false), the rest
 * of the page stays. The subscription itself only for whoever reads it
 * (`readsPlan`): a non-administrator in a session is not asked for a call the
 * API refuses them (it would be a failed request in their browser).
 */
async function load(personId: string, readsPlan: boolean) {
  const param = { param: { personId } };
  const [state, { plans, currentPlanId }, usage] = await Promise.all([
    readsPlan
      ? call(subscriptions.$get(param)).catch((e: unknown) => {
          // Their role changed on the way: shown as to a non-administrator.
          if (e instanceof ApiError && e.status === 403) return null;
          throw e;
        })
      : null,
    call(subscriptions.plans.$get(param)),
    call(subscriptions.usage.$get(param)).catch(() => false as const),
  ]);
  return { state, plans, currentPlanId, usage };
}

/**
 * Whether the viewer reads the person's subscription (sync/permissions.ts
 * isAdministrator: the person, or an Administrator link with an active
 * session), live; undefined while their link is not known yet.
 */
function useReadsPlan(personId: string, own: boolean): boolean | undefined {
  const [link, result] = useQuery(queries.circle.myLink({ personId }), { enabled: !own });
  if (own) return true;
  if (!link) return result.type === 'complete' ? false : undefined;
  return link.accessLevel === 'Administrator' && link.sessions[0] !== undefined;
}

type Loaded = Awaited<ReturnType<typeof load>>;
type Usage = Exclude<Loaded['usage'], false>;
type PlanState = NonNullable<Loaded['state']>;

type State =
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | ({ status: 'ready' } & Loaded);

const day = dates.day;

function SubscriptionPage() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const ctx = useNavContext(personId);
  const own = session.person.id === personId;
  const [person] = useQuery(queries.person.byId({ personId }), { enabled: !own });
  const name = shortName(person);
  const title = own || !name ? t.title : t.titleOf(name);
  usePageTitle(title);

  // The outcome of a checkout is said once: kept here, and taken out of the
  // address so that a reload or Back does not say it again.
  const [outcome] = useState<Outcome | undefined>(search.outcome);
  const banner = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (search.outcome === undefined && search.session_id === undefined) return;
    banner.current?.focus();
    navigate({ search: {}, replace: true });
  }, [search.outcome, search.session_id, navigate]);

  // Read again whenever the live subscription changes (a webhook settled it).
  const version = useSubscriptionVersion(personId);
  const readsPlan = useReadsPlan(personId, own);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (readsPlan === undefined) return;
    let current = true;
    void version;
    load(personId, readsPlan).then(
      (loaded) => current && setState({ status: 'ready', ...loaded }),
      (e: unknown) => {
        if (!current) return;
        const refused = e instanceof ApiError && e.status === 403;
        // A read again that fails on the way keeps what is shown; a refusal does not.
        setState((was) =>
          was.status === 'ready' && !refused
            ? was
            : {
                status: 'refused',
                message: refused
                  ? subscriptionMessages.noPermission
                  : e instanceof ApiError
                    ? e.message
                    : messages.errors.generic,
              },
        );
      },
    );
    return () => {
      current = false;
    };
  }, [personId, version, readsPlan]);

  // Not here for a Supporter in their own area (a role changed live) or in an iOS native shell.
  if (ctx.iosNative || (own && ctx.myType === 'Supporter')) {
    return <Navigate to="/people/$personId" params={{ personId }} replace />;
  }

  return (
    <section aria-labelledby="subscription-heading">
      <h1 id="subscription-heading">{title}</h1>
      {outcome === 'failed' ? (
        <p ref={banner} tabIndex={-1} role="alert" className="alert">
          {subscriptionMessages.failed}
        </p>
      ) : outcome ? (
        <p ref={banner} tabIndex={-1} role="status" className="card">
          {outcome === 'success'
            ? subscriptionMessages.checkoutSuccess
            : subscriptionMessages.checkoutCancelled}
        </p>
      ) : null}
      {state.status !== 'ready' ? (
        <AnswerState state={state} loading={t.loading} />
      ) : (
        <Ready personId={personId} own={own} name={name} loaded={state} />
      )}
    </section>
  );
}

function Ready({
  personId,
  own,
  name,
  loaded,
}: {
  personId: string;
  own: boolean;
  name: string;
  loaded: Loaded;
}) {
  const { state, plans, currentPlanId, usage } = loaded;
  if (state === null) {
    return (
      <>
        <p>{own || !name ? t.intro : t.introOf(name)}</p>
        <UsageCard usage={usage} />
        <section aria-labelledby="subscription-plans">
          <h2 id="subscription-plans">{t.plansTitle}</h2>
          <PlanList
            personId={personId}
            plans={plans}
            currentId={currentPlanId ?? undefined}
            currentLabel={currentLabel(own, name)}
            payments={false}
            canChange={false}
            reason={subscriptionMessages.notAdministrator}
          />
        </section>
      </>
    );
  }
  return (
    <Subscribed personId={personId} own={own} name={name} state={state} {...{ plans, usage }} />
  );
}

/** How the current plan's card says so: "Your current plan", or whose it is. */
const currentLabel = (own: boolean, name: string) => (own || !name ? t.current : t.currentOf(name));

function Subscribed({
  personId,
  own,
  name,
  state,
  plans,
  usage,
}: {
  personId: string;
  own: boolean;
  name: string;
  state: PlanState;
  plans: Loaded['plans'];
  usage: Loaded['usage'];
}) {
  const sub = state.subscription;
  const current = state.plan ?? plans.find((p) => p.isDefault);
  const live = sub?.live ? sub : null;
  const lookedAfterBy = live?.administratedBy ? shortName(live.administratedBy) : null;
  return (
    <>
      <p>{own || !name ? t.intro : t.introOf(name)}</p>
      <section className="card" aria-labelledby="subscription-current">
        <h2 id="subscription-current" style={{ marginTop: 0 }}>
          {t.currentTitle}
        </h2>
        <p style={{ fontWeight: 600 }}>{current ? planLabel(current) : t.free}</p>
        {live?.status === 'past_due' ? (
          <p role="alert" className="alert">
            {t.pastDue}
          </p>
        ) : null}
        {live?.cancelAtPeriodEnd && live.currentPeriodEnd ? (
          <p>{t.endsOn(day.format(new Date(live.currentPeriodEnd)))}</p>
        ) : null}
        {lookedAfterBy ? <p>{t.lookedAfterBy(lookedAfterBy)}</p> : null}
        {state.canManage ? (
          <>
            <p id="subscription-manage-help">{t.manageHelp}</p>
            <a
              className="button secondary"
              href={`/api${client.people[':personId'].subscriptions[':provider'].$path({
                param: { personId, provider: 'stripe' },
              })}`}
              aria-describedby="subscription-manage-help"
            >
              {t.manage}
            </a>
          </>
        ) : null}
      </section>
      <UsageCard usage={usage} />
      <section aria-labelledby="subscription-plans">
        <h2 id="subscription-plans">{t.plansTitle}</h2>
        <PlanList
          personId={personId}
          plans={plans}
          currentId={current?.id}
          currentLabel={currentLabel(own, name)}
          payments={state.payments}
          canChange={state.canChange}
          reason={state.reason}
        />
      </section>
    </>
  );
}

/** What is used of the plan (spec §9: GB and percent to 2 decimals); a failed read says so. */
function UsageCard({ usage }: { usage: Usage | false }) {
  return (
    <section className="card" aria-labelledby="subscription-usage">
      <h2 id="subscription-usage" style={{ marginTop: 0 }}>
        {t.usageTitle}
      </h2>
      {usage === false ? (
        <p className="status">{t.usageUnavailable}</p>
      ) : (
        <UsageFigures usage={usage} />
      )}
    </section>
  );
}

function UsageFigures({ usage }: { usage: Usage }) {
  const { used, limit, percent } = usage.storage;
  return (
    <dl className="details-list usage-list">
      <div className="details-row">
        <dt>
          {limit !== null && percent !== null ? (
            <label htmlFor="subscription-storage">{t.storage}</label>
          ) : (
            t.storage
          )}
        </dt>
        <dd>
          {limit !== null && percent !== null ? (
            <>
              <meter
                id="subscription-storage"
                className="meter"
                min={0}
                max={100}
                value={Math.min(100, Number(percent))}
                aria-describedby="subscription-storage-figures"
              />
              <span id="subscription-storage-figures">{t.storageOf(used, limit, percent)}</span>
            </>
          ) : (
            t.storageNoLimit(used)
          )}
        </dd>
      </div>
      {usage.preferenceCount === null ? null : (
        <div className="details-row">
          <dt>{t.preferences}</dt>
          <dd>
            {usage.preferenceLimit === null
              ? String(usage.preferenceCount)
              : t.countOf(usage.preferenceCount, usage.preferenceLimit)}
          </dd>
        </div>
      )}
      <div className="details-row">
        <dt>{t.supporters}</dt>
        <dd>
          {usage.supporterLimit === null
            ? t.noLimit(usage.supporterCount)
            : t.countOf(usage.supporterCount, usage.supporterLimit)}
        </dd>
      </div>
    </dl>
  );
}
