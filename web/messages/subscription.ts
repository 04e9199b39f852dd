/**
 * Interface text of the subscription page (/settings/subscription, spec §2,
 * §3, §4, §6, §9): imported where used (web/messages.ts). The server's own
 * sentences (the refusal, who looks after the plan, the checkout outcomes)
 * come from sync/subscription.ts `subscriptionMessages`, which the page
 * imports itself, so these words pull in no query code.
 */
import { messages } from '../messages.ts';

export const subscriptionPageMessages = {
  title: messages.titles.subscription,
  titleOf: (name: string) => `${name}’s subscription`,
  intro: 'Your plan, what you use of it, and the plans you can choose.',
  introOf: (name: string) => `${name}’s plan, what they use of it, and the plans to choose from.`,
  loading: 'Loading the subscription…',
  // The current plan.
  currentTitle: 'Current plan',
  pastDue: 'A payment failed. Please update your card in Manage subscription.',
  endsOn: (date: string) => `Ends on ${date}`,
  lookedAfterBy: (name: string) => `Looked after by ${name}`,
  manage: 'Manage subscription',
  manageHelp: 'Change your card, see your invoices or cancel, on the payment provider’s page.',
  // Usage.
  usageTitle: 'What is used',
  usageUnavailable: 'Usage is not available right now.',
  storage: 'Storage',
  storageOf: (used: string, limit: string, percent: string) =>
    `${used} GB of ${limit} GB (${percent}%)`,
  storageNoLimit: (used: string) => `${used} GB used, no limit`,
  preferences: 'Preferences',
  countOf: (n: number, limit: number) => `${n} of ${limit}`,
  supporters: 'Supporters',
  noLimit: (n: number) => `${n}, no limit`,
  // The plans.
  plansTitle: 'Plans',
  plansLabel: 'Plans to choose from',
  free: 'Free',
  perMonth: (price: string) => `${price} a month`,
  perYear: (price: string) => `${price} a year`,
  limitsOf: (plan: string) => `What ${plan} includes`,
  supporterLimit: (n: number | null) =>
    n === null
      ? 'Any number of supporters'
      : n === 1
        ? 'Up to 1 supporter'
        : `Up to ${n} supporters`,
  storageLimit: (size: string | null) =>
    size === null ? 'Unlimited storage' : `${size} of storage`,
  preferenceLimit: (n: number | null) =>
    n === null
      ? 'Any number of preferences'
      : n === 1
        ? 'Up to 1 preference'
        : `Up to ${n} preferences`,
  fileLimit: (size: string) => `Files up to ${size} each`,
  current: 'Your current plan',
  currentOf: (name: string) => `${name}’s current plan`,
  choose: (plan: string) => `Choose ${plan}`,
  /** The default plan while a paid one runs: leaving is done in the portal. */
  backToFree: 'To go back to the free plan, cancel in Manage subscription.',
} as const;
