import { defineMutators } from '@rocicorp/zero';
import './context.ts';
import { categoryChanges } from './category.ts';
import { mutatorsOf } from './change.ts';
import { circleChanges } from './circle.ts';
import { handoverChanges } from './handover.ts';
import { accessChanges } from './history.ts';
import { mediaClientChanges } from './media.ts';
import { noteChanges } from './note.ts';
import { organisationChanges } from './organisation.ts';
import { preferenceChanges } from './preference.ts';
import { profileChanges } from './profile.ts';
import { textChanges } from './shared-text.ts';
import { surveyChanges } from './survey.ts';

/**
 * Every change a client makes through Zero, derived from the change tables
 * (sync/change.ts). The same registry runs in the browser and, with the
 * server's authority and history, in the API (api/routes/zero.ts).
 */
export const mutators = defineMutators({
  access: mutatorsOf(accessChanges),
  category: mutatorsOf(categoryChanges),
  circle: mutatorsOf(circleChanges),
  handover: mutatorsOf(handoverChanges),
  media: mutatorsOf(mediaClientChanges),
  note: mutatorsOf(noteChanges),
  organisation: mutatorsOf(organisationChanges),
  preference: mutatorsOf(preferenceChanges),
  profile: mutatorsOf(profileChanges),
  survey: mutatorsOf(surveyChanges),
  text: mutatorsOf(textChanges),
});
