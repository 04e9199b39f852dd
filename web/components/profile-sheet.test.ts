import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../sync/profile.ts';
import { ProfileSheet } from './profile-sheet.tsx';

const view: ProfileView = {
  title: 'All about me',
  purpose: 'Other',
  person: { name: 'Aroha', photoId: null },
  includeRestricted: false,
  sections: [
    {
      section: 'Love',
      items: [
        {
          id: 'tea',
          title: 'A cup of tea',
          description: '## How I take it\n\nStrong.\n\n#### Milk\n\nA little.',
          feeling: null,
          access: 'General',
          heroMediaId: null,
        },
      ],
    },
  ],
};

/** The levels of the sheet's headings, in the order they come. */
const levels = (headingLevel: 1 | 2) =>
  [
    ...renderToStaticMarkup(
      createElement(ProfileSheet, { view, pictureOf: (id: string) => `/m/${id}`, headingLevel }),
    ).matchAll(/<h(\d)[\s>]/g),
  ].map((h) => Number(h[1]));

describe('a shared profile’s outline', () => {
  it('a description’s headings sit one below its part, never skipping a level', () => {
    // On a page of its own (/p/{token}): the title, the part, then the description's.
    expect(levels(1)).toEqual([1, 2, 3, 4]);
    // Inside the builder, under the page's own h1.
    expect(levels(2)).toEqual([2, 3, 4, 5]);
  });
});
