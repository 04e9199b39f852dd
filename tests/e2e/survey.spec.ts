/**
 * Check-in surveys: a Decision Maker's "How are you?" walked by
 * keyboard alone, an unanswered statement refused where it is, the answers
 * stored and shown next time; someone with both roles checks their answers
 * before saving; /survey/{personId}/{type} redirects by type; the menu leads
 * to one's own survey; the home page's prompt shows while a check-in is due,
 * "Not now" hides it for the browser session, and answering takes it away.
 */
import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { press, tabTo } from './keyboard.ts';

const aroha = seedId('person:aroha');
const tui = seedId('person:tui');
const ana = seedId('person:ana');
const sam = seedId('person:sam');

// The fixtures do not track survey answers: each test leaves none behind.
test.afterEach(async ({ sql }) => {
  await sql`delete from survey_response where person_id in (${aroha}, ${tui}, ${ana}, ${sam})`;
});

test.beforeEach(async ({ sql }) => {
  await sql`delete from survey_response where person_id in (${aroha}, ${tui}, ${ana}, ${sam})`;
});

/** Checks the radio `answer` of the group named `statement` by keyboard: Tab to the group, arrows. */
async function answerByKeyboard(page: Page, statement: string, answer: 'Yes' | 'No' | 'Sometimes') {
  const group = page.getByRole('group', { name: statement });
  await tabTo(page, group.getByRole('radio', { name: 'Yes' }));
  const downs = { Yes: 0, No: 1, Sometimes: 2 }[answer];
  if (downs === 0) await page.keyboard.press('Space');
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: answer })).toBeChecked();
}

test('“How are you?” by keyboard alone, from the home page’s prompt to the thank-you; stored; the prompt goes', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('tui@example.com');
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/people/${tui}$`));
  const prompt = page.getByRole('region', { name: 'Time for a check-in' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Tell us how things are going.');
  await press(page, 'Start my check-in');
  await expect(page).toHaveURL(new RegExp(`/survey/${tui}/decision-maker$`));
  await expect(page.getByRole('heading', { level: 1, name: 'How are you?' })).toBeFocused();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByText('This is your first check-in.')).toBeVisible();
  expect(await seriousViolations(page), 'intro').toEqual([]);

  await press(page, 'Next');
  await expect(page).toHaveURL(new RegExp(`/survey/${tui}/decision-maker\\?step=2$`));
  // The statement is the question, so it is the heading; which of three it is comes first, smaller.
  await expect(page.getByRole('heading', { level: 1, name: 'I feel listened to.' })).toBeFocused();
  await expect(page.getByText('Sentence 1 of 3', { exact: true })).toBeVisible();
  // Nothing chosen: the error under the statement, announced, and focus on its first answer.
  await press(page, 'Next');
  const first = page.getByRole('group', { name: 'I feel listened to.' });
  await expect(first.getByRole('alert')).toHaveText('Please choose one.');
  await expect(first.getByRole('radio', { name: 'Yes' })).toBeFocused();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  expect(await seriousViolations(page), 'statement with its error').toEqual([]);
  await page.keyboard.press('Space');
  await expect(first.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(first.getByText('Please choose one.')).toHaveCount(0);
  await press(page, 'Next');

  await expect(
    page.getByRole('heading', { level: 1, name: 'I get to make my own choices.' }),
  ).toBeFocused();
  await expect(page.getByText('Sentence 2 of 3', { exact: true })).toBeVisible();
  await answerByKeyboard(page, 'I get to make my own choices.', 'No');
  await press(page, 'Next');
  await expect(
    page.getByRole('heading', { level: 1, name: 'The people who support me know what I like.' }),
  ).toBeFocused();
  await answerByKeyboard(page, 'The people who support me know what I like.', 'Sometimes');
  // Back keeps the answers, and so does a reload.
  await press(page, 'Back');
  await expect(
    page.getByRole('group', { name: 'I get to make my own choices.' }).getByRole('radio', {
      name: 'No',
    }),
  ).toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'I get to make my own choices.' }).getByRole('radio', {
      name: 'No',
    }),
  ).toBeChecked();
  await press(page, 'Next');
  await expect(
    page
      .getByRole('group', { name: 'The people who support me know what I like.' })
      .getByRole('radio', { name: 'Sometimes' }),
  ).toBeChecked();
  await press(page, 'Save my answers');

  await expect(page).toHaveURL(new RegExp(`/survey/${tui}/decision-maker\\?step=5$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  const rows = await sql<{ created_at: Date }[]>`
    select type, answer1, answer2, answer3, answered_by, created_at
    from survey_response where person_id = ${tui}`;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    type: 'DecisionMaker',
    answer1: 'Yes',
    answer2: 'No',
    answer3: 'Sometimes',
    answered_by: tui,
  });
  expect(Date.now() - (rows[0]?.created_at.getTime() ?? 0)).toBeLessThan(60_000);

  await press(page, 'Go to my home page');
  await expect(page).toHaveURL(new RegExp(`/people/${tui}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time for a check-in' })).toHaveCount(0);

  // Next time, the first step shows what was said, and when.
  await page.goto(`/survey/${tui}/decision-maker`);
  const date = new Intl.DateTimeFormat('en-NZ', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(rows[0]?.created_at);
  await expect(page.getByText(`Last time, on ${date}, you said:`)).toBeVisible();
  await expect(page.locator('.survey-answers dd')).toHaveText(['Yes', 'No', 'Sometimes']);
});

test('both roles: about you, about supporting, one statement at a time; check your answers, then two rows; Cancel asks first', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('ana@example.com');
  await page.goto(`/survey/${ana}/SupporterAndDecisionMaker`);
  await expect(page).toHaveURL(new RegExp(`/survey/${ana}/supporter-and-decision-maker$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your check-in' })).toBeVisible();
  const announcer = page.locator('[data-route-announcer]');
  /** One statement alone on its page: its heading, with focus, named by the announcer too. */
  const asked = async (statement: string, part: string) => {
    await expect(page.getByRole('heading', { level: 1, name: statement })).toBeFocused();
    await expect(page.getByText(part, { exact: true })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(3);
    await expect(announcer).toHaveText(statement);
  };
  await press(page, 'Next');
  // Each statement is the page's heading, one at a time, as for one role;
  // whose part it is and which of three comes first, smaller.
  await asked('I feel listened to.', 'About you: sentence 1 of 3');
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  expect(await seriousViolations(page), 'a statement of both roles').toEqual([]);
  await answerByKeyboard(page, 'I feel listened to.', 'Yes');
  await press(page, 'Next');
  await expect(page).toHaveURL(/\?step=2&sentence=2$/);
  await asked('I get to make my own choices.', 'About you: sentence 2 of 3');
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  // Left unanswered: it says so, and focus goes to its first answer.
  await press(page, 'Next');
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose one.' })).toHaveCount(1);
  await expect(
    page.getByRole('group', { name: 'I get to make my own choices.' }).getByRole('radio', {
      name: 'Yes',
    }),
  ).toBeFocused();
  await answerByKeyboard(page, 'I get to make my own choices.', 'Sometimes');
  await press(page, 'Next');
  await asked('The people who support me know what I like.', 'About you: sentence 3 of 3');
  // Back is the sentence before, its answer kept.
  await press(page, 'Back');
  await asked('I get to make my own choices.', 'About you: sentence 2 of 3');
  await expect(page.getByRole('radio', { name: 'Sometimes' })).toBeChecked();
  await press(page, 'Next');
  await answerByKeyboard(page, 'The people who support me know what I like.', 'Yes');
  await press(page, 'Next');
  await asked(
    'I know what matters to the person I support.',
    'About supporting someone: sentence 1 of 3',
  );
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await answerByKeyboard(page, 'I know what matters to the person I support.', 'Yes');
  await press(page, 'Next');
  await asked(
    'I feel confident helping them make choices.',
    'About supporting someone: sentence 2 of 3',
  );
  await answerByKeyboard(page, 'I feel confident helping them make choices.', 'No');
  await press(page, 'Next');
  await asked(
    'I get the support I need as a supporter.',
    'About supporting someone: sentence 3 of 3',
  );
  await answerByKeyboard(page, 'I get the support I need as a supporter.', 'Sometimes');
  await press(page, 'Next');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeFocused();
  await expect(announcer).toHaveText('Check your answers');
  // Back from here is the last sentence before it.
  await press(page, 'Back');
  await asked(
    'I get the support I need as a supporter.',
    'About supporting someone: sentence 3 of 3',
  );
  await press(page, 'Next');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeFocused();
  await expect(page.locator('.survey-answers dd')).toHaveText([
    'Yes',
    'Sometimes',
    'Yes',
    'Yes',
    'No',
    'Sometimes',
  ]);
  expect(await seriousViolations(page), 'check your answers').toEqual([]);

  // Cancel asks; staying keeps everything.
  await press(page, 'Cancel');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible();

  await press(page, 'Save my answers');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  const rows = await sql`select type::text, answer1, answer2, answer3, answered_by
    from survey_response where person_id = ${ana} order by type::text`;
  expect(rows).toEqual([
    {
      type: 'DecisionMaker',
      answer1: 'Yes',
      answer2: 'Sometimes',
      answer3: 'Yes',
      answered_by: ana,
    },
    { type: 'Supporter', answer1: 'Yes', answer2: 'No', answer3: 'Sometimes', answered_by: ana },
  ]);

  // Leaving a new check-in half-way, confirmed: nothing more is stored.
  await page.goto(`/survey/${ana}/supporter-and-decision-maker?step=2`);
  await answerByKeyboard(page, 'I feel listened to.', 'No');
  await press(page, 'Cancel');
  await press(page, 'Yes, leave');
  await expect(page).toHaveURL(new RegExp(`/people/${ana}$`));
  expect(await sql`select id from survey_response where person_id = ${ana}`).toHaveLength(2);
});

test('/survey/{personId}/{type} redirects by type; one’s own survey only, of one’s own type', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/survey/${aroha}/DecisionMaker?step=2`);
  await expect(page).toHaveURL(new RegExp(`/survey/${aroha}/decision-maker\\?step=2$`));
  await expect(page.getByRole('heading', { level: 1, name: 'I feel listened to.' })).toBeVisible();
  // A step that is not a number: the first.
  await page.goto(`/survey/${aroha}/decision-maker?step=two`);
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  // The Supporter's survey is not hers: her own.
  await page.goto(`/survey/${aroha}/Supporter`);
  await expect(page).toHaveURL(new RegExp(`/survey/${aroha}/decision-maker$`));
  // Any other type: home.
  for (const type of ['Platform', 'Anonymous', 'nonsense']) {
    await page.goto(`/survey/${aroha}/${type}`);
    await expect(page).toHaveURL(new RegExp(`/people/${aroha}$`));
  }
  // Someone else's survey: home.
  await page.goto(`/survey/${tui}/decision-maker`);
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}$`));
  // The thank-you is not a way round: without answers saved it is the start.
  await page.goto(`/survey/${aroha}/decision-maker?step=5`);
  await expect(page).toHaveURL(new RegExp(`/survey/${aroha}/decision-maker\\?step=1$`));
});

test('the menu leads to one’s own survey: “How are you?” for a Decision Maker, “Supporter check-in” for a Supporter', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'How are you?' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/survey/${aroha}/decision-maker$`));
  await expect(page.getByRole('heading', { level: 1, name: 'How are you?' })).toBeVisible();

  const supporter = await device('sam@example.com');
  await supporter.page.goto(`/people/${sam}/settings/menu`);
  await supporter.page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Supporter check-in' })
    .click();
  await expect(supporter.page).toHaveURL(new RegExp(`/survey/${sam}/supporter$`));
  await expect(
    supporter.page.getByRole('heading', { level: 1, name: 'Supporter check-in' }),
  ).toBeVisible();
  await expect(
    supporter.page.getByText('I know what matters to the person I support.'),
  ).toHaveCount(0);
  await supporter.page.getByRole('button', { name: 'Next' }).click();
  await expect(
    supporter.page.getByRole('group', { name: 'I know what matters to the person I support.' }),
  ).toBeVisible();
});

test('the prompt: “Not now” hides it for this browser session only; an Administrator sees the last answers', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  const prompt = page.getByRole('region', { name: 'Time for a check-in' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time for a check-in' })).toHaveCount(0);
  // Another browser session: due again.
  const other = await device('aroha@example.com');
  await other.page.goto(`/people/${aroha}`);
  await expect(other.page.getByRole('region', { name: 'Time for a check-in' })).toBeVisible();
  // Answers from 31 days ago: due again, saying when the last were.
  await sql`insert into survey_response (id, person_id, type, answer1, answer2, answer3, answered_by, created_at)
    values (${crypto.randomUUID()}, ${aroha}, 'DecisionMaker', 'Yes', 'Yes', 'No', ${aroha},
            now() - interval '31 days')`;
  await other.page.reload();
  await expect(other.page.getByRole('region', { name: 'Time for a check-in' })).toContainText(
    'Your last check-in was on',
  );
  // Her Administrator, in a support session, sees those answers on her home page.
  const admin = await device('ana@example.com');
  await admin.page.goto(`/people/${aroha}/supporters/start`);
  await expect(admin.page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  await admin.page.goto(`/people/${aroha}`);
  const last = admin.page.getByRole('region', { name: 'Last check-in' });
  await expect(last).toBeVisible();
  await expect(last.getByText(/^On .+, Aroha said:$/)).toBeVisible();
  await expect(last.locator('dd')).toHaveText(['Yes', 'Yes', 'No']);
  await expect(admin.page.getByRole('region', { name: 'Time for a check-in' })).toHaveCount(0);
});
