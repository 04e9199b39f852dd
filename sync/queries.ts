import { defineQueries } from '@rocicorp/zero';
import './context.ts';
import { categoryQueries } from './category.ts';
import { circleQueries } from './circle.ts';
import { handoverQueries } from './handover.ts';
import { historyQueries } from './history.ts';
import { inviteQueries } from './invite.ts';
import { mediaQueries } from './media.ts';
import { noteQueries } from './note.ts';
import { organisationQueries } from './organisation.ts';
import { personQueries } from './person.ts';
import { preferenceQueries } from './preference.ts';
import { profileQueries } from './profile.ts';
import { textQueries } from './shared-text.ts';
import { subscriptionQueries } from './subscription.ts';
import { supportSessionQueries } from './support-session.ts';
import { surveyQueries } from './survey.ts';

export const queries = defineQueries({
  category: categoryQueries,
  circle: circleQueries,
  handover: handoverQueries,
  history: historyQueries,
  invite: inviteQueries,
  media: mediaQueries,
  note: noteQueries,
  organisation: organisationQueries,
  person: personQueries,
  preference: preferenceQueries,
  profile: profileQueries,
  subscription: subscriptionQueries,
  supportSession: supportSessionQueries,
  survey: surveyQueries,
  text: textQueries,
});
