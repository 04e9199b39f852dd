-- The plans of the spec exist in every database, not only in the demo seed:
-- the Free plan (the default: 3 GB of storage, files up to 100 MB each, three
-- supporter connections) and Premium, monthly and yearly (unlimited storage
-- and connections, files up to 1 GB each). A deployment's Stripe prices for
-- the paid plans come from its settings (STRIPE_PRICE_PREMIUM_MONTH,
-- STRIPE_PRICE_PREMIUM_YEAR: api/billing/prices.ts). The ids are those the
-- demo seed has always used, so a seeded database keeps its subscriptions.
-- A plan already there (by id) is left as it is.
INSERT INTO "plan" ("id", "name", "is_default", "duration", "supporter_limit", "supported_limit", "preference_limit", "content_length_total_limit", "content_length_limit", "price_cents", "currency")
VALUES
  ('07144873-b21f-5222-aac4-53aeb74c2e27', 'Free', true, 'Month', 3, NULL, NULL, 3221225472, 104857600, 0, 'NZD'),
  ('d1ba55a9-9bad-5ac8-a3f7-a64a14604d5f', 'Premium', false, 'Month', NULL, NULL, NULL, NULL, 1073741824, 900, 'NZD'),
  ('d412dc11-bf91-5a1f-a7b8-a1e8b46907b5', 'Premium', false, 'Year', NULL, NULL, NULL, NULL, 1073741824, 9000, 'NZD')
ON CONFLICT DO NOTHING;
