import { defineMutators } from '@rocicorp/zero';
import './context.ts';
import { accessChanges } from './access.ts';
import { categoryChanges } from './category.ts';
import { type AnyChange, mutatorsOf } from './change.ts';
import { circleChanges } from './circle.ts';
import { handoverChanges } from './handover.ts';
import { mediaChanges } from './media.ts';
import { noteChanges } from './note.ts';
import { organisationChanges } from './organisation.ts';
import { preferenceChanges } from './preference.ts';
import { profileChanges } from './profile.ts';
import { textChanges } from './shared-text.ts';
import { surveyChanges } from './survey.ts';

/**
 * Every change a client makes through Zero, by table: a mutation is named
 * `table.change` (`preference.update`). The browser runs them as mutators
 * (below); the server finds the change by that name (`changeNamed`) and runs
 * it with its server half (api/change.ts).
 */
export const clientChanges = {
  access: accessChanges,
  category: categoryChanges,
  circle: circleChanges,
  handover: handoverChanges,
  media: mediaChanges,
  note: noteChanges,
  organisation: organisationChanges,
  preference: preferenceChanges,
  profile: profileChanges,
  survey: surveyChanges,
  text: textChanges,
} as const;

/** The client change a mutation's name names, or undefined. */
export function changeNamed(name: string): AnyChange | undefined {
  const [table = '', change = '', ...more] = name.split('.');
  if (more.length || !Object.hasOwn(clientChanges, table)) return undefined;
  const changes: Record<string, AnyChange> = clientChanges[table as keyof typeof clientChanges];
  return Object.hasOwn(changes, change) ? changes[change] : undefined;
}

/** The Zero mutators of the client changes, as the browser runs them. */
export const mutators = defineMutators({
  access: mutatorsOf(clientChanges.access),
  category: mutatorsOf(clientChanges.category),
  circle: mutatorsOf(clientChanges.circle),
  handover: mutatorsOf(clientChanges.handover),
  media: mutatorsOf(clientChanges.media),
  note: mutatorsOf(clientChanges.note),
  organisation: mutatorsOf(clientChanges.organisation),
  preference: mutatorsOf(clientChanges.preference),
  profile: mutatorsOf(clientChanges.profile),
  survey: mutatorsOf(clientChanges.survey),
  text: mutatorsOf(clientChanges.text),
});
