/**
 * A feeling's picture (spec §3 feelings): Twemoji's drawing of its emoji,
 * shipped with the app (web/assets via Vite), so a tablet without an emoji
 * font shows the face, not an empty box. Decorative: the feeling's word is
 * always beside it. Graphics © Twitter, Inc. and other contributors, CC BY 4.0
 * (README, Credits).
 */

import other from '@twemoji/svg/1f4ac.svg?url';
import relaxed from '@twemoji/svg/1f60c.svg?url';
import love from '@twemoji/svg/1f60d.svg?url';
import playful from '@twemoji/svg/1f61c.svg?url';
import worried from '@twemoji/svg/1f61f.svg?url';
import happy from '@twemoji/svg/1f600.svg?url';
import neutral from '@twemoji/svg/1f610.svg?url';
import lonely from '@twemoji/svg/1f614.svg?url';
import hate from '@twemoji/svg/1f616.svg?url';
import angry from '@twemoji/svg/1f620.svg?url';
import sad from '@twemoji/svg/1f622.svg?url';
import tired from '@twemoji/svg/1f634.svg?url';
import dislike from '@twemoji/svg/1f641.svg?url';
import like from '@twemoji/svg/1f642.svg?url';
import unwell from '@twemoji/svg/1f912.svg?url';
import inPain from '@twemoji/svg/1f915.svg?url';
import excited from '@twemoji/svg/1f929.svg?url';
import bored from '@twemoji/svg/1f971.svg?url';
import type { Feeling } from '../../schema/enums.ts';

const ICONS: Record<Feeling, string> = {
  love,
  like,
  neutral,
  dislike,
  hate,
  happy,
  sad,
  relaxed,
  angry,
  playful,
  tired,
  excited,
  bored,
  worried,
  lonely,
  'in-pain': inPain,
  unwell,
  Other: other,
};

export function FeelingIcon({ feeling, size = '1.25em' }: { feeling: Feeling; size?: string }) {
  return (
    <img
      className="feeling-icon"
      src={ICONS[feeling]}
      alt=""
      aria-hidden="true"
      width={20}
      height={20}
      style={{ width: size, height: size }}
      decoding="async"
    />
  );
}
