/**
 * The plans every database holds (migrations/0016_plans.sql): the Free plan,
 * the default, and Premium by the month and by the year. Their ids are fixed,
 * so that a deployment's Stripe prices (settings) can name them, and are the
 * ones the demo seed has always used.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db.ts';
import { StackError } from '../startup-errors.ts';

export const PLAN_IDS = {
  free: '07144873-b21f-5222-aac4-53aeb74c2e27',
  premiumMonth: 'd1ba55a9-9bad-5ac8-a3f7-a64a14604d5f',
  premiumYear: 'd412dc11-bf91-5a1f-a7b8-a1e8b46907b5',
} as const;

/** Said at start when a database has no default plan: limits would not hold for anyone. */
export const noDefaultPlan =
  'no default plan in the database (the Free plan the migrations create); put it back before starting';

/**
 * At start, after the migrations: refuses a database with no default plan
 * (everyone's limits come from it), and writes the deployment's Stripe
 * prices for the paid plans (STRIPE_PRICE_PREMIUM_MONTH / _YEAR) into
 * private.billing_price, replacing what was there for those plans. A price
 * not set is left as it is. Idempotent: every process of a deployment runs it.
 */
export async function preparePlans(
  db: Db,
  config: Pick<Config, 'STRIPE_PRICE_PREMIUM_MONTH' | 'STRIPE_PRICE_PREMIUM_YEAR'>,
): Promise<void> {
  const found = await db.execute<{ id: string }>(sql`select id from plan where is_default limit 1`);
  if (found.length === 0) throw new StackError('plans', noDefaultPlan);
  const prices: Array<[string, string | undefined]> = [
    [PLAN_IDS.premiumMonth, config.STRIPE_PRICE_PREMIUM_MONTH],
    [PLAN_IDS.premiumYear, config.STRIPE_PRICE_PREMIUM_YEAR],
  ];
  for (const [planId, price] of prices) {
    if (!price) continue;
    await db.execute(sql`
      insert into private.billing_price (plan_id, stripe_price_id) values (${planId}, ${price})
      on conflict (plan_id) do update set stripe_price_id = excluded.stripe_price_id`);
  }
}
