import { useId, useState } from 'react';
import { bytesInWords } from '../../sync/plan-limits.ts';
import { planLabel, subscriptionMessages } from '../../sync/subscription.ts';
import { client } from '../api-client.ts';
import { subscriptionPageMessages } from '../messages/subscription.ts';

const t = subscriptionPageMessages;

/** A plan as GET /api/people/{personId}/subscriptions/plans answers it. */
export type Plan = Awaited<
  ReturnType<
    Awaited<
      ReturnType<(typeof client.people)[':personId']['subscriptions']['plans']['$get']>
    >['json']
  >
>['plans'][number];

/** Prices in the interface's locale (spec: `en`): "NZ$9.00", whatever the plan's currency. */
function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
}

/** "Free", "NZ$9.00 a month", "NZ$90.00 a year". */
export function planPrice(p: Plan): string {
  if (p.priceCents === 0) return t.free;
  const price = money(p.priceCents, p.currency);
  return p.duration === 'Month' ? t.perMonth(price) : t.perYear(price);
}

/** What a plan allows, in words (null limits are unlimited). */
export function planLimits(p: Plan): string[] {
  const limits = [
    t.supporterLimit(p.supporterLimit),
    t.storageLimit(
      p.contentLengthTotalLimit === null ? null : bytesInWords(p.contentLengthTotalLimit),
    ),
    t.preferenceLimit(p.preferenceLimit),
  ];
  if (p.contentLengthLimit !== null) limits.push(t.fileLimit(bytesInWords(p.contentLengthLimit)));
  return limits;
}

/** Where "Choose" goes: a browser navigation to the API, which sends it on to Stripe Checkout. */
function checkoutHref(personId: string, planId: string): string {
  return `/api${client.people[':personId'].subscriptions.plans[':provider'].redirect.$path({
    param: { personId, provider: 'stripe' },
    query: { planId },
  })}`;
}

/**
 * The plans as cards, in the API's order (spec §9: the default first, then
 * Month). The current plan says so, in words (`currentLabel`) and to
 * assistive technology (`aria-current`); another is chosen by going to Stripe
 * Checkout (with payments and the right to change), says to contact the
 * provider (without payments, spec §8), or is shown disabled with the
 * reason, visible and tied to each button (someone else looks after it).
 */
export function PlanList({
  personId,
  plans,
  currentId,
  currentLabel = t.current,
  payments,
  canChange,
  reason,
}: {
  personId: string;
  plans: Plan[];
  currentId: string | undefined;
  currentLabel?: string;
  payments: boolean;
  canChange: boolean;
  reason: string | null;
}) {
  const reasonId = useId();
  const [asked, setAsked] = useState<string | null>(null);
  return (
    <>
      {!canChange && reason ? (
        <p id={reasonId} className="status">
          {reason}
        </p>
      ) : null}
      <ul aria-label={t.plansLabel} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {plans.map((p) => {
          const label = planLabel(p);
          const current = p.id === currentId;
          return (
            <li
              key={p.id}
              className="card"
              aria-current={current ? 'true' : undefined}
              style={current ? { border: '3px solid var(--lavender)' } : undefined}
            >
              <h3 style={{ marginTop: 0 }}>{label}</h3>
              <p style={{ fontWeight: 600 }}>{planPrice(p)}</p>
              <ul aria-label={t.limitsOf(label)} style={{ marginBottom: 'var(--space-4)' }}>
                {planLimits(p).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
              {current ? (
                <p>
                  <strong>{currentLabel}</strong>
                </p>
              ) : !canChange ? (
                // Focusable, so its reason is read with it; it does nothing.
                <button
                  type="button"
                  className="secondary"
                  aria-disabled="true"
                  aria-describedby={reason ? reasonId : undefined}
                  style={{
                    cursor: 'not-allowed',
                    borderStyle: 'dashed',
                    borderColor: 'var(--muted)',
                    color: 'var(--muted)',
                  }}
                >
                  {t.choose(label)}
                </button>
              ) : p.isDefault ? (
                // Leaving a paid plan is a cancellation, which Stripe's portal does.
                <p className="status">{t.backToFree}</p>
              ) : !payments ? (
                <>
                  <button type="button" onClick={() => setAsked(p.id)}>
                    {t.choose(label)}
                  </button>
                  {asked === p.id ? (
                    <p role="alert" className="alert">
                      {subscriptionMessages.contactProvider}
                    </p>
                  ) : null}
                </>
              ) : (
                <a className="button" href={checkoutHref(personId, p.id)}>
                  {t.choose(label)}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
