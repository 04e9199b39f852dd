import { defineQueries } from '@rocicorp/zero';
import './context.ts';
import { personQueries } from './person.ts';
import { preferenceQueries } from './preference.ts';
import { supporterLinkQueries } from './supporter-link.ts';

export const queries = defineQueries({
  person: personQueries,
  preference: preferenceQueries,
  supporterLink: supporterLinkQueries,
});
