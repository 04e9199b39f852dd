/**
 * What a sound recording is kept as: the format the browser records in (one
 * MEDIA_TYPES keeps), the file's name and its length in words. Used by the
 * recorder (web/hooks/use-audio-recorder.ts) and the audio page.
 */

import { dates } from '../../sync/dates.ts';
import {
  isMediaType,
  MEDIA_TYPES,
  type MediaContentType,
  normaliseType,
} from '../../sync/media.ts';

/**
 * The formats asked for, best first: Opus in WebM (Chrome, Edge, Firefox),
 * then MP4/AAC (Safari), then Ogg. Each is one the library keeps.
 */
export const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4',
  'audio/ogg;codecs=opus',
  'audio/ogg',
] as const;

/** The first of RECORDING_TYPES the browser records; undefined: let it choose. */
export function chooseRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((t) => {
    try {
      return isSupported(t);
    } catch {
      return false;
    }
  });
}

/**
 * The type a recording is kept as: the recorder's type without its codec
 * parameters (audio/webm;codecs=opus is kept as audio/webm); undefined when
 * the library does not keep it.
 */
export function keptType(recorderType: string): MediaContentType | undefined {
  const t = normaliseType(recorderType);
  // A recorder asked for sound alone may still say video/webm: the same file.
  const audio = t.startsWith('video/') ? `audio/${t.slice('video/'.length)}` : t;
  return isMediaType(audio) && audio.startsWith('audio/') ? audio : undefined;
}

/** The usual file name ending of a kept sound type. */
export function extensionOf(type: MediaContentType): string {
  return type === 'audio/mp4' || type === 'audio/x-m4a' ? 'm4a' : MEDIA_TYPES[type];
}

const dayFormat = dates.shortDay;
const timeFormat = dates.time;

/** "Recording 25 Nov 2026 3.04 pm.webm": a name a person recognises, safe in any file system. */
export function recordingName(at: Date, type: MediaContentType): string {
  const parts = timeFormat.formatToParts(at);
  const part = (name: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === name)?.value ?? '';
  const time = `${part('hour')}.${part('minute')} ${part('dayPeriod').toLowerCase()}`;
  return `Recording ${dayFormat.format(at)} ${time.trim()}.${extensionOf(type)}`;
}

/** Elapsed time as the recorder shows it: "00:03", "12:45" (hours, past an hour, in front). */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const s = total % 60;
  const m = Math.floor(total / 60) % 60;
  const h = Math.floor(total / 3600);
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** A length in words, in whole seconds as the clock shows it: "3 seconds", "1 minute and 5 seconds". */
export function lengthInWords(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (m === 0) return unit(s, 'second');
  if (s === 0) return unit(m, 'minute');
  return `${unit(m, 'minute')} and ${unit(s, 'second')}`;
}

/**
 * The sound level of a frame of samples (-1 to 1) on a 0 to 100 scale that
 * follows loudness as heard: -60 dB (near silence) is 0, full scale is 100.
 */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += v * v;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.round(Math.min(100, Math.max(0, ((db + 60) / 60) * 100)));
}
