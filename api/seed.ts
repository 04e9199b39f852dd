import { createHash } from 'node:crypto';
import type { Access, Feeling, ReviewSchedule } from '../schema/enums.ts';
import {
  billingCustomer,
  billingPrice,
  category,
  note,
  organisation,
  organisationMember,
  person,
  personDetail,
  preference,
  preferenceCategory,
  subscription,
  supporterLink,
  user,
} from '../schema/index.ts';
import { PLAN_IDS } from './billing/plans.ts';
import type { Db } from './db.ts';
import { backfillSharedText } from './shared-text-backfill.ts';

/** Stable UUID-shaped ids, so that a second seed finds what the first one wrote. */
export function seedId(name: string): string {
  const h = createHash('sha256').update(`preference-bank-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The demo paid plans' Stripe prices (private.billing_price). */
export const DEMO_PRICES = {
  month: 'price_demo_premium_month',
  year: 'price_demo_premium_year',
} as const;

export const demo = {
  aroha: {
    personId: seedId('person:aroha'),
    userId: seedId('user:aroha'),
    email: 'aroha@example.com',
  },
  sam: { personId: seedId('person:sam'), userId: seedId('user:sam'), email: 'sam@example.com' },
  riley: {
    personId: seedId('person:riley'),
    userId: seedId('user:riley'),
    email: 'riley@example.com',
  },
  ana: { personId: seedId('person:ana'), userId: seedId('user:ana'), email: 'ana@example.com' },
  tui: { personId: seedId('person:tui'), userId: seedId('user:tui'), email: 'tui@example.com' },
} as const;

type DemoPerson = {
  key: keyof typeof demo;
  firstName: string;
  lastName: string;
  type: 'DecisionMaker' | 'Supporter' | 'SupporterAndDecisionMaker';
  pronouns: 'SheHerHers' | 'HeHimHis' | 'TheyThemTheirs';
};

const people: DemoPerson[] = [
  {
    key: 'aroha',
    firstName: 'Aroha',
    lastName: 'Ngata',
    type: 'DecisionMaker',
    pronouns: 'SheHerHers',
  },
  { key: 'sam', firstName: 'Sam', lastName: 'Tane', type: 'Supporter', pronouns: 'HeHimHis' },
  {
    key: 'riley',
    firstName: 'Riley',
    lastName: 'Parata',
    type: 'Supporter',
    pronouns: 'TheyThemTheirs',
  },
  {
    key: 'ana',
    firstName: 'Ana',
    lastName: 'Walker',
    type: 'SupporterAndDecisionMaker',
    pronouns: 'SheHerHers',
  },
  { key: 'tui', firstName: 'Tui', lastName: 'Brown', type: 'DecisionMaker', pronouns: 'HeHimHis' },
];

type DemoCategory = { key: string; title: string; access: Access; parent?: string };
type DemoPreference = {
  key: string;
  title: string;
  description: string;
  feeling: Feeling;
  access: Access;
  review: ReviewSchedule;
  categories: string[];
  note?: { title: string; body: string };
};

const arohaCategories: DemoCategory[] = [
  { key: 'food', title: 'Food and drink', access: 'General' },
  { key: 'breakfast', title: 'Breakfast', access: 'General', parent: 'food' },
  { key: 'daily', title: 'Daily routine', access: 'General' },
  { key: 'health', title: 'Health and wellbeing', access: 'Restricted' },
  { key: 'people', title: 'People and places', access: 'General' },
];

const arohaPreferences: DemoPreference[] = [
  {
    key: 'tea',
    title: 'A cup of tea with milk, no sugar',
    description: 'I like my tea **strong**, in my blue mug.',
    feeling: 'love',
    access: 'General',
    review: 'OnceAYear',
    categories: ['food', 'breakfast'],
    note: { title: 'The blue mug', body: 'It lives on the second shelf, left of the kettle.' },
  },
  {
    key: 'porridge',
    title: 'Porridge on cold mornings',
    description: 'With brown sugar and a little cream.',
    feeling: 'like',
    access: 'General',
    review: 'TwiceAYear',
    categories: ['breakfast'],
  },
  {
    key: 'coffee',
    title: 'Coffee after midday',
    description: 'Coffee after lunch keeps me awake at night.',
    feeling: 'dislike',
    access: 'General',
    review: 'OnceAYear',
    categories: ['food'],
  },
  {
    key: 'fish',
    title: 'Fish and chips on Fridays',
    description: 'From the shop on the corner, eaten by the sea if the weather is good.',
    feeling: 'happy',
    access: 'General',
    review: 'OnceAQuarter',
    categories: ['food', 'people'],
  },
  {
    key: 'mushrooms',
    title: 'Mushrooms',
    description: 'I do not eat mushrooms in any form.',
    feeling: 'hate',
    access: 'General',
    review: 'Never',
    categories: ['food'],
  },
  {
    key: 'wake',
    title: 'Waking up slowly',
    description: 'Please open the curtains and give me ten minutes before we talk.',
    feeling: 'relaxed',
    access: 'General',
    review: 'OnceAMonth',
    categories: ['daily'],
    note: { title: 'Weekends', body: 'On weekends I sleep until eight.' },
  },
  {
    key: 'radio',
    title: 'Radio in the morning',
    description: 'The news on the radio while I get dressed.',
    feeling: 'like',
    access: 'General',
    review: 'TwiceAYear',
    categories: ['daily'],
  },
  {
    key: 'walk',
    title: 'A walk after lunch',
    description: 'Around the block, with my stick. Not in the rain.',
    feeling: 'excited',
    access: 'General',
    review: 'OnceAMonth',
    categories: ['daily', 'people'],
  },
  {
    key: 'medication',
    title: 'How I take my medication',
    description: 'Tablets one at a time, with water, after breakfast.',
    feeling: 'neutral',
    access: 'Restricted',
    review: 'OnceAWeek',
    categories: ['health'],
    note: { title: 'Pharmacy', body: 'Blister packs come on Tuesdays.' },
  },
  {
    key: 'pain',
    title: 'When my knee hurts',
    description: 'A warm wheat bag helps. Please do not rush me on the stairs.',
    feeling: 'in-pain',
    access: 'Restricted',
    review: 'OnceAMonth',
    categories: ['health'],
  },
  {
    key: 'doctor',
    title: 'Visits to the doctor',
    description: 'I want Ana with me, and I want the doctor to talk to me, not to her.',
    feeling: 'worried',
    access: 'Restricted',
    review: 'OnceAQuarter',
    categories: ['health', 'people'],
  },
  {
    key: 'moko',
    title: 'Video calls with my mokopuna',
    description: 'Sunday evenings. Help me set up the tablet before six.',
    feeling: 'love',
    access: 'General',
    review: 'TwiceAYear',
    categories: ['people'],
  },
  {
    key: 'crowds',
    title: 'Busy shopping centres',
    description: 'Too loud and too bright. Quiet mornings are fine.',
    feeling: 'worried',
    access: 'General',
    review: 'OnceAYear',
    categories: ['people'],
  },
  {
    key: 'bath',
    title: 'Bath or shower',
    description: 'A shower in the evening, with the bath seat. I wash my own hair.',
    feeling: 'neutral',
    access: 'Restricted',
    review: 'TwiceAYear',
    categories: ['daily', 'health'],
  },
];

const anaCategories: DemoCategory[] = [{ key: 'work', title: 'Work', access: 'General' }];
const anaPreferences: DemoPreference[] = [
  {
    key: 'meetings',
    title: 'Meetings in the morning',
    description: 'I think best before lunch.',
    feeling: 'like',
    access: 'General',
    review: 'OnceAYear',
    categories: ['work'],
  },
  {
    key: 'email',
    title: 'Phone calls instead of long e-mails',
    description: 'Call me; I will answer.',
    feeling: 'playful',
    access: 'Restricted',
    review: 'Never',
    categories: ['work'],
  },
];

const REVIEW_MS: Record<ReviewSchedule, number | null> = {
  Never: null,
  OnceAWeek: 7 * 86_400_000,
  OnceAMonth: 30 * 86_400_000,
  OnceAQuarter: 91 * 86_400_000,
  TwiceAYear: 182 * 86_400_000,
  OnceAYear: 365 * 86_400_000,
  EveryTwoYears: 730 * 86_400_000,
  EveryFiveYears: 1826 * 86_400_000,
  EveryTenYears: 3652 * 86_400_000,
};

/**
 * Writes the demo circle of DESIGN.md §4. Every row has a fixed id and is
 * inserted with ON CONFLICT DO NOTHING: a second run changes nothing.
 * Returns how many rows were inserted.
 */
export async function seedDemo(db: Db, now = new Date('2026-11-01T09:00:00Z')): Promise<number> {
  let inserted = 0;
  const count = (rows: unknown[]) => {
    inserted += rows.length;
  };
  await db.transaction(async (tx) => {
    // The plans themselves come with the migrations (migrations/0016_plans.sql).
    for (const p of people) {
      const ids = demo[p.key];
      count(
        await tx
          .insert(person)
          .values({
            id: ids.personId,
            type: p.type,
            firstName: p.firstName,
            lastName: p.lastName,
            knownAs: p.firstName,
            fullName: `${p.firstName} ${p.lastName}`,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: person.id }),
      );
      count(
        await tx
          .insert(personDetail)
          .values({
            personId: ids.personId,
            pronouns: p.pronouns,
            email: ids.email,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: personDetail.personId }),
      );
      count(
        await tx
          .insert(user)
          .values({
            id: ids.userId,
            personId: ids.personId,
            email: ids.email,
            type: 'General',
            wizardCompletedAt: now,
            acceptedTermsAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: user.id }),
      );
    }

    const links = [
      { key: 'sam', level: 'General' },
      { key: 'riley', level: 'Restricted' },
      { key: 'ana', level: 'Administrator' },
    ] as const;
    for (const l of links) {
      count(
        await tx
          .insert(supporterLink)
          .values({
            id: seedId(`link:${l.key}->aroha`),
            supporterId: demo[l.key].personId,
            supportedId: demo.aroha.personId,
            accessLevel: l.level,
            createdAt: now,
            createdBy: demo.aroha.personId,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: supporterLink.id }),
      );
    }

    // Plans (ADR 023): the paid plans' Stripe prices (a deployment
    // puts its own in private.billing_price); Aroha's free circle is full
    // (three supporters); Ana pays for Premium herself.
    count(
      await tx
        .insert(billingPrice)
        .values([
          { planId: PLAN_IDS.premiumMonth, stripePriceId: DEMO_PRICES.month },
          { planId: PLAN_IDS.premiumYear, stripePriceId: DEMO_PRICES.year },
        ])
        .onConflictDoNothing()
        .returning({ id: billingPrice.planId }),
    );
    count(
      await tx
        .insert(billingCustomer)
        .values({
          personId: demo.ana.personId,
          stripeCustomerId: 'cus_demo_ana',
          stripeSubscriptionId: 'sub_demo_ana',
        })
        .onConflictDoNothing()
        .returning({ id: billingCustomer.personId }),
    );
    count(
      await tx
        .insert(subscription)
        .values({
          id: seedId('subscription:ana'),
          personId: demo.ana.personId,
          planId: PLAN_IDS.premiumMonth,
          administratedById: null,
          status: 'active',
          currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
          cancelAtPeriodEnd: false,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: subscription.id }),
    );

    // A provider organisation with two of the circle on its staff.
    const kowhai = seedId('organisation:kowhai');
    count(
      await tx
        .insert(organisation)
        .values({
          id: kowhai,
          name: 'Kōwhai Support Services',
          type: 'provider',
          status: 'approved',
          email: 'office@kowhai.example.com',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: organisation.id }),
    );
    for (const key of ['ana', 'sam'] as const) {
      count(
        await tx
          .insert(organisationMember)
          .values({
            organisationId: kowhai,
            personId: demo[key].personId,
            role: key === 'ana' ? 'Manager' : 'Support worker',
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: organisationMember.personId }),
      );
    }

    const library = async (
      owner: keyof typeof demo,
      cats: DemoCategory[],
      prefs: DemoPreference[],
    ) => {
      const ownerId = demo[owner].personId;
      const catId = (key: string) => seedId(`category:${owner}:${key}`);
      for (const [i, c] of cats.entries()) {
        count(
          await tx
            .insert(category)
            .values({
              id: catId(c.key),
              personId: ownerId,
              parentId: c.parent ? catId(c.parent) : null,
              title: c.title,
              access: c.access,
              sortOrder: i,
              createdAt: now,
              createdBy: ownerId,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning({ id: category.id }),
        );
      }
      for (const [i, p] of prefs.entries()) {
        const prefId = seedId(`preference:${owner}:${p.key}`);
        const created = new Date(now.getTime() - (prefs.length - i) * 86_400_000);
        const interval = REVIEW_MS[p.review];
        count(
          await tx
            .insert(preference)
            .values({
              id: prefId,
              personId: ownerId,
              title: p.title,
              description: p.description,
              feeling: p.feeling,
              access: p.access,
              reviewSchedule: p.review,
              reviewAt: interval === null ? null : new Date(created.getTime() + interval),
              status: 'Published',
              createdAt: created,
              createdBy: ownerId,
              updatedAt: created,
              updatedBy: ownerId,
            })
            .onConflictDoNothing()
            .returning({ id: preference.id }),
        );
        for (const c of p.categories) {
          count(
            await tx
              .insert(preferenceCategory)
              .values({
                preferenceId: prefId,
                categoryId: catId(c),
                personId: ownerId,
                createdAt: created,
              })
              .onConflictDoNothing()
              .returning({ id: preferenceCategory.preferenceId }),
          );
        }
        if (p.note) {
          count(
            await tx
              .insert(note)
              .values({
                id: seedId(`note:${owner}:${p.key}`),
                personId: ownerId,
                preferenceId: prefId,
                title: p.note.title,
                body: p.note.body,
                createdAt: created,
                createdBy: ownerId,
                updatedAt: created,
              })
              .onConflictDoNothing()
              .returning({ id: note.id }),
          );
        }
      }
    };
    await library('aroha', arohaCategories, arohaPreferences);
    await library('ana', anaCategories, anaPreferences);
    // The demo's texts are shared text from the start (sync/shared-text.ts).
    await backfillSharedText(tx);
  });
  return inserted;
}
