import { defineQueries } from '@rocicorp/zero';
import './context.ts';
import { circleQueries } from './circle.ts';
import { inviteQueries } from './invite.ts';
import { personQueries } from './person.ts';
import { preferenceQueries } from './preference.ts';
import { supportSessionQueries } from './support-session.ts';
import { supporterLinkQueries } from './supporter-link.ts';

export const queries = defineQueries({
  circle: circleQueries,
  invite: inviteQueries,
  person: personQueries,
  preference: preferenceQueries,
  supporterLink: supporterLinkQueries,
  supportSession: supportSessionQueries,
});
