/**
 * Plans, usage and subscriptions over REST (spec §2 /settings/subscription,
 * §7 Subscriptions; ADR 023). Who may read and change what is
 * sync/subscription.ts; the limits themselves are sync/plan-limits.ts.
 *
 * - GET …/subscriptions: the subscription (none: the free plan), the plan
 *   whose limits apply, whether the caller may change it and why not.
 * - GET …/subscriptions/usage: what is used of the plan, and GET
 *   …/subscriptions/plans: the plans on offer and which applies now, for
 *   anyone in the person's area (a non-administrator sees them disabled, the
 *   current one marked, and what is used of it; not the subscription itself).
 *   The number of preferences only for those who read all of them.
 * - GET …/subscriptions/plans/stripe/redirect?planId=: a browser navigation
 *   to Stripe Checkout (a paid subscription already running: to the Customer
 *   Portal, where Stripe switches it). GET …/subscriptions/stripe: the
 *   Customer Portal. When Stripe fails, the browser comes back to the page
 *   with `?outcome=failed` and nothing has changed; the plan only ever
 *   changes by the webhook (api/billing/webhook.ts).
 */

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { z } from 'zod';
import { billingCustomer, billingPrice } from '../../schema/private.ts';
import { person, user } from '../../schema/tables.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import { appError } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import { accessAllows, type LibraryAccess, libraryAccess } from '../../sync/permissions.ts';
import { planOf, supporterSpots } from '../../sync/plan-limits.ts';
import {
  assertMayChangePlan,
  assertSeesPlan,
  assertSeesPlans,
  circleAdministrators,
  isLive,
  mayChangePlan,
  planReason,
  sortPlans,
  storageFigures,
  subscriptionMessages,
} from '../../sync/subscription.ts';
import { personRoute } from '../auth/caller.ts';
import { type Billing, billingFor } from '../billing/stripe.ts';
import type { AppDeps, AppEnv, PersonCaller } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { redirects, valid } from '../validate.ts';

type PlanRow = {
  id: string;
  name: string;
  isDefault: boolean;
  duration: 'Month' | 'Year';
  supporterLimit: number | null;
  supportedLimit: number | null;
  preferenceLimit: number | null;
  contentLengthTotalLimit: number | null;
  contentLengthLimit: number | null;
  priceCents: number;
  currency: string;
};

/** A plan as the API shows it (spec §3 Plan). */
export function planJson(p: PlanRow) {
  return {
    id: p.id,
    name: p.name,
    isDefault: p.isDefault,
    duration: p.duration,
    supporterLimit: p.supporterLimit,
    supportedLimit: p.supportedLimit,
    preferenceLimit: p.preferenceLimit,
    contentLengthTotalLimit: p.contentLengthTotalLimit,
    contentLengthLimit: p.contentLengthLimit,
    priceCents: p.priceCents,
    currency: p.currency,
  };
}

export type PlanJson = ReturnType<typeof planJson>;

/** Where the page is, for Stripe's return addresses. */
const pagePath = (personId: string) => `/people/${personId}/settings/subscription`;

export type CheckoutOutcome = 'success' | 'cancelled' | 'failed';

const checkoutQuery = z.object({ planId: itemId });
const providerParam = z.object({ provider: z.string().max(32) });

/** A transaction of the API's Zero database: server-side, with its SQL connection. */
type ServerTx = Parameters<Parameters<AppDeps['zdb']['transaction']>[0]>[0];

export function subscriptionRoutes(deps: AppDeps) {
  const { zdb, db, config } = deps;
  const caller = personRoute(deps);
  const billing = billingFor(config);
  const pageUrl = (personId: string, outcome?: CheckoutOutcome) =>
    `${config.publicUrl}${pagePath(personId)}${outcome ? `?outcome=${outcome}` : ''}`;

  /**
   * `read` in one transaction, for a caller who may see the person's plan
   * (the person, or their Administrator in a session); 403 for anyone else.
   */
  function forPlanReader<T>(
    { ctx, personId }: PersonCaller,
    read: (tx: ServerTx, access: LibraryAccess) => Promise<T>,
  ) {
    return zdb.transaction(async (tx) => {
      const access = await libraryAccess(tx, ctx, personId);
      assertSeesPlan(access);
      return read(tx, access);
    });
  }

  /** The provider in the path: only Stripe. */
  function assertProvider(provider: string) {
    if (provider !== 'stripe') throw appError('not_found', subscriptionMessages.badProvider);
  }

  /**
   * Stripe, when it is set up: asked only once the caller may change the plan,
   * so that someone who may not is told so, whatever this deployment's payments.
   */
  function stripe(): Billing {
    if (!billing) throw new Refusal(503, 'payments_off', subscriptionMessages.contactProvider);
    return billing;
  }

  /** The Stripe customer id kept for the person's library, if any. */
  async function keptCustomer(personId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: billingCustomer.stripeCustomerId })
      .from(billingCustomer)
      .where(eq(billingCustomer.personId, personId));
    return row?.id;
  }

  /** The Stripe customer of the person's library: kept, or made now (metadata: the person). */
  async function customerOf(b: Billing, personId: string, payerPersonId: string) {
    const kept = await keptCustomer(personId);
    if (kept) return kept;
    const [who] = await db
      .select({ fullName: person.fullName, email: user.email })
      .from(person)
      .leftJoin(user, eq(user.personId, payerPersonId))
      .where(eq(person.id, personId));
    const customer = await b.stripe.customers.create(
      {
        ...(who?.email ? { email: who.email } : {}),
        ...(who?.fullName ? { name: who.fullName } : {}),
        metadata: { personId },
      },
      // Two tabs at once make one customer.
      { idempotencyKey: `customer-${personId}` },
    );
    await db
      .insert(billingCustomer)
      .values({ personId, stripeCustomerId: customer.id })
      .onConflictDoNothing();
    // Another request may have kept one first: that one is the person's.
    return (await keptCustomer(personId)) ?? customer.id;
  }

  /** A Stripe call on a person's navigation: its failure brings them back to the page, nothing changed. */
  async function toStripe(personId: string, go: () => Promise<string>) {
    try {
      return await go();
    } catch (e) {
      if (e instanceof Stripe.errors.StripeError) {
        console.error(`billing: Stripe failed (${e.type}): ${e.message}`);
        return pageUrl(personId, 'failed');
      }
      throw e;
    }
  }

  return new Hono<AppEnv>()
    .get('/', caller, async (c) => {
      const { ctx, personId } = c.var.caller;
      const { access, sub, plan, administrators } = await forPlanReader(
        c.var.caller,
        async (tx, access) => ({
          access,
          sub: await tx.run(
            zql.subscription
              .where('personId', personId)
              .related('plan')
              .related('administratedBy')
              .related('person')
              .one(),
          ),
          plan: await planOf(tx, personId),
          administrators: await circleAdministrators(tx, personId),
        }),
      );
      const me = ctx.personId;
      const canChange = mayChangePlan(access, me, sub, administrators);
      const by = sub?.administratedBy;
      const customer = await keptCustomer(personId);
      return c.json({
        subscription: sub
          ? {
              id: sub.id,
              planId: sub.planId,
              plan: sub.plan ? planJson(sub.plan) : null,
              status: sub.status,
              live: isLive(sub),
              currentPeriodEnd: sub.currentPeriodEnd
                ? new Date(sub.currentPeriodEnd).toISOString()
                : null,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
              administratedById: sub.administratedById,
              administratedBy: by ? { firstName: by.firstName, knownAs: by.knownAs } : null,
            }
          : null,
        /** The plan whose limits apply now. */
        plan: plan ? planJson(plan) : null,
        canChange,
        reason: canChange ? null : planReason(sub, administrators),
        payments: billing !== undefined,
        /** The Customer Portal is there for the plan's administrator once Stripe knows them. */
        canManage: billing !== undefined && canChange && customer !== undefined,
      });
    })
    .get('/usage', caller, async (c) => {
      const { ctx, personId } = c.var.caller;
      const figures = await zdb.transaction(async (tx) => {
        const access = await libraryAccess(tx, ctx, personId);
        assertSeesPlans(access);
        const plan = await planOf(tx, personId);
        const preferences = await tx.run(zql.preference.where('personId', personId));
        const spots = await supporterSpots(tx, personId);
        const [usage] = [
          ...(await tx.dbTransaction.query(
            'SELECT "bytes"::text AS "bytes" FROM "private"."media_usage" WHERE "person_id" = $1',
            [personId],
          )),
        ] as Array<{ bytes: string }>;
        return {
          // Counted over the whole library, as the limit counts: not said to a
          // supporter who does not read Restricted preferences, whose number it would tell.
          preferenceCount: accessAllows(access, 'Restricted') ? preferences.length : null,
          preferenceLimit: plan?.preferenceLimit ?? null,
          contentLengthTotal: Number(usage?.bytes ?? 0),
          contentLengthTotalLimit: plan?.contentLengthTotalLimit ?? null,
          supporterCount: spots.taken,
          supporterLimit: spots.limit,
        };
      });
      return c.json({
        ...figures,
        storage: storageFigures(figures.contentLengthTotal, figures.contentLengthTotalLimit),
      });
    })
    .get('/plans', caller, async (c) => {
      const { ctx, personId } = c.var.caller;
      const { plans, current } = await zdb.transaction(async (tx) => {
        assertSeesPlans(await libraryAccess(tx, ctx, personId));
        return { plans: await tx.run(zql.plan), current: await planOf(tx, personId) };
      });
      return c.json({
        plans: sortPlans(plans).map(planJson),
        /** The plan whose limits apply now, for whoever sees the plans. */
        currentPlanId: current?.id ?? null,
      });
    })
    .get(
      '/plans/:provider/redirect',
      redirects(303, "the payment provider's checkout"),
      caller,
      valid('param', providerParam.extend({ personId: z.string() })),
      valid('query', checkoutQuery),
      async (c) => {
        assertProvider(c.req.valid('param').provider);
        const { ctx, personId } = c.var.caller;
        const { planId } = c.req.valid('query');
        const { sub, plan } = await zdb.transaction(async (tx) => {
          const access = await libraryAccess(tx, ctx, personId);
          const sub = await assertMayChangePlan(tx, ctx, access, personId);
          const plan = await tx.run(zql.plan.where('id', planId).one());
          return { sub, plan };
        });
        const b = stripe();
        if (!plan) throw appError('invalid', subscriptionMessages.unknownPlan);
        if (plan.isDefault) throw appError('invalid', subscriptionMessages.freePlanChosen);
        if (isLive(sub) && sub?.planId === planId) {
          throw appError('invalid', subscriptionMessages.samePlan);
        }
        const [price] = await db
          .select({ id: billingPrice.stripePriceId })
          .from(billingPrice)
          .where(eq(billingPrice.planId, planId));
        if (!price) throw appError('invalid', subscriptionMessages.unknownPlan);
        const url = await toStripe(personId, async () => {
          const customer = await customerOf(b, personId, ctx.personId);
          if (isLive(sub)) {
            // A paid plan runs already: Stripe switches it in the portal (one subscription a person).
            const portal = await b.stripe.billingPortal.sessions.create({
              customer,
              return_url: pageUrl(personId),
            });
            return portal.url;
          }
          const metadata = { personId, planId, administratedById: ctx.personId };
          const session = await b.stripe.checkout.sessions.create({
            mode: 'subscription',
            customer,
            client_reference_id: personId,
            line_items: [{ price: price.id, quantity: 1 }],
            metadata,
            subscription_data: { metadata },
            success_url: `${pageUrl(personId, 'success')}&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: pageUrl(personId, 'cancelled'),
          });
          if (!session.url) throw appError('internal');
          return session.url;
        });
        return c.redirect(url, 303);
      },
    )
    .get(
      '/:provider',
      redirects(303, "the payment provider's billing page"),
      caller,
      valid('param', providerParam.extend({ personId: z.string() })),
      async (c) => {
        assertProvider(c.req.valid('param').provider);
        const { ctx, personId } = c.var.caller;
        await zdb.transaction(async (tx) =>
          assertMayChangePlan(tx, ctx, await libraryAccess(tx, ctx, personId), personId),
        );
        const b = stripe();
        const customer = await keptCustomer(personId);
        if (!customer) throw appError('not_found', subscriptionMessages.noBilling);
        const url = await toStripe(personId, async () => {
          const portal = await b.stripe.billingPortal.sessions.create({
            customer,
            return_url: pageUrl(personId),
          });
          return portal.url;
        });
        return c.redirect(url, 303);
      },
    );
}
