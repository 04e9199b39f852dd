import type { Feeling } from '../../schema/enums.ts';
import { easyReadMessages } from '../messages/easy-read.ts';

/** A feeling as a short line in easy read ("You like this."). */
export function feelingLine(feeling: Feeling | null, other: string | null): string | null {
  if (!feeling) return null;
  if (feeling === 'Other' && other) return easyReadMessages.feelingOther(other);
  return easyReadMessages.feelings[feeling];
}
