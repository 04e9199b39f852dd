import { describe, expect, test } from 'vitest';
import { myDataHistory } from '../../sync/my-data.ts';
import type { PersonData } from './collect.ts';
import { readablePage } from './page.ts';

const at = new Date('2026-11-26T00:05:00Z');

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
    ],
    categories: [],
    notes: [],
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
    surveyResponses: [],
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
});
