import { describe, expect, test } from 'vitest';
import { myDataHistory } from '../../sync/my-data.ts';
import type { PersonData } from './collect.ts';
import { readablePage } from './page.ts';

const at = new Date('2026-11-26T00:05:00Z');

/** A description with Markdown, and with what must never run on a page: raw HTML, a script, a javascript: link. */
const TEA = [
  'I like my tea **strong**, with _a little_ milk.',
  '',
  '## How I take it',
  '',
  '- Use the big mug',
  '- [My tea shop](https://tea.example/shop?a=1&b=2)',
  '',
  '<img src="x" onerror="window.injected = 1"><script>window.injected = 1</script>',
  '',
  '[click me](javascript:window.injected=1) and <b onclick="x()">bold</b> & more',
].join('\n');

/** A person's copy with one of each thing the page says in words. */
function aCopy(): PersonData {
  const data = {
    person: {
      id: 'p-aroha',
      type: 'DecisionMaker',
      fullName: 'Aroha Ngata',
      knownAs: 'Aroha',
      createdAt: at,
    },
    personalDetails: null,
    account: null,
    preferences: [
      {
        id: 'pref-1',
        title: 'Sore knee',
        feeling: 'in-pain',
        feelingOther: null,
        access: 'General',
        status: 'Published',
        description: null,
        createdAt: at,
        categoryIds: [],
      },
      {
        id: 'pref-2',
        title: 'Tea',
        feeling: 'love',
        feelingOther: null,
        access: 'General',
        status: 'Published',
        description: TEA,
        createdAt: at,
        categoryIds: [],
      },
    ],
    categories: [],
    notes: [
      {
        id: 'note-1',
        preferenceId: 'pref-2',
        title: 'Making it',
        body: '# Steps\n\n1. Boil the water\n2. Wait *two* minutes',
        createdAt: at,
      },
    ],
    media: [],
    circle: { supporters: [], supporting: [], invites: [], supportSessions: [] },
    profiles: {
      pages: [{ id: 'page-1', title: 'About me for my hospital stay', purpose: 'HospitalStay' }],
      items: [],
      shares: [],
    },
    history: [
      {
        id: 'h-1',
        message: myDataHistory.askedDeletion('12 December 2026'),
        createdBy: 'p-aroha',
        createdAt: at,
      },
      {
        id: 'h-2',
        message: 'Changed the preference “Sore knee”',
        createdBy: 'p-ana',
        createdAt: at,
      },
    ],
    surveyResponses: [
      {
        id: 's-1',
        personId: 'p-aroha',
        type: 'DecisionMaker',
        answer1: 'Yes',
        answer2: 'Sometimes',
        answer3: 'No',
        answeredBy: 'p-aroha',
        createdAt: at,
      },
    ],
    actors: [
      { id: 'p-aroha', name: 'Aroha', fullName: 'Aroha Ngata' },
      { id: 'p-ana', name: 'Ana', fullName: 'Ana Walker' },
    ],
  };
  return data as unknown as PersonData;
}

describe('the copy’s page to read', () => {
  const html = readablePage(aCopy(), at, 'Pacific/Auckland');

  test('says the interface’s words, not the values stored', () => {
    expect(html).toContain('<dd>Decision Maker</dd>');
    expect(html).not.toContain('DecisionMaker');
    expect(html).toContain('🤕 In pain');
    expect(html).not.toContain('in-pain');
    expect(html).toContain('(A hospital stay)');
    expect(html).not.toContain('HospitalStay');
  });

  test('tells the history as the person reads it: “You” and “your” for their own doings', () => {
    expect(html).toContain('You asked for your account to be deleted on 12 December 2026');
    expect(html).toContain('Ana changed the preference “Sore knee”');
    expect(html).not.toMatch(/their account/);
  });

  test('shows times as the app does, in the time zone asked for, and says which', () => {
    expect(html).toContain('Made on Thu, 26 November 2026 at 01:05 pm.');
    expect(html).toContain('Times are in the Pacific/Auckland time zone.');
  });

  test('without a time zone, times are UTC and the page says so', () => {
    const utc = readablePage(aCopy(), at);
    expect(utc).toContain('Made on Thu, 26 November 2026 at 12:05 am.');
    expect(utc).toContain('Times are in UTC.');
  });

  test('shows descriptions and notes as the app does: their Markdown written out, nothing of it run', () => {
    expect(html).toContain(
      '<p>I like my tea <strong>strong</strong>, with <em>a little</em> milk.</p>',
    );
    // Under the preference's h3, the description's first heading is an h4.
    expect(html).toContain('<h4>How I take it</h4>');
    expect(html).toContain(
      '<ul><li>Use the big mug</li><li><a href="https://tea.example/shop?a=1&#38;b=2" rel="noopener noreferrer">My tea shop</a></li></ul>',
    );
    // A javascript: link is its words alone; raw HTML is not there at all.
    expect(html).toContain('<p>click me and bold &#38; more</p>');
    expect(html).not.toMatch(/<script>window|<img src="x"|onerror|onclick|javascript:/);
    for (const marker of ['**', '_a little_', '## How', '- Use', '](']) {
      expect(html).not.toContain(marker);
    }
    // A note under its h5: its heading is an h6, its list numbered.
    expect(html).toContain(
      '<h5>Making it</h5><div class="markdown"><h6>Steps</h6><ol><li>Boil the water</li><li>Wait <em>two</em> minutes</li></ol></div>',
    );
  });

  test('gives each check-in answer beside the statement it answers', () => {
    expect(html).toContain('<h3>Thu, 26 November 2026 at 01:05 pm: How are you?</h3>');
    expect(html).toContain(
      '<dl><dt>I feel listened to.</dt><dd>Yes</dd><dt>I get to make my own choices.</dt><dd>Sometimes</dd><dt>The people who support me know what I like.</dt><dd>No</dd></dl>',
    );
    expect(html).not.toContain('Yes, Sometimes, No');
  });
});
