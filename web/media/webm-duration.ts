/**
 * A WebM recording from MediaRecorder is written as a live stream: its header
 * has no duration, so an <audio> element shows no length (duration Infinity)
 * and cannot seek until it has played to the end. `withWebmDuration` writes
 * the length into the header (the Segment's Info gets a Duration element),
 * the way the recording would have been written had its length been known.
 *
 * Only what is needed for that is read: the EBML header, the Segment and its
 * Info. Anything unexpected (no Info before the first track or cluster, a
 * SeekHead whose offsets the insertion would move, a header too long) leaves
 * the file exactly as it was: it still plays, without a length shown.
 */

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
} as const;

/** How much of the file's start is read: the header and Info are a few hundred bytes. */
const HEAD_BYTES = 64 * 1024;

/** The default TimecodeScale: a tick is a millisecond (in nanoseconds). */
const DEFAULT_SCALE = 1_000_000;

/** A variable-length integer at `at`: its value (marker kept for ids) and byte length. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i] ?? 0;
    value = value * 256 + b;
    if (b !== 0xff) unknown = false;
  }
  return { value, length, unknown: !keepMarker && unknown };
}

type Element = {
  id: number;
  /** Where the element starts (its id). */
  start: number;
  /** Where its data starts, and its size (undefined: unknown, a live stream's Segment). */
  dataStart: number;
  size: number | undefined;
  /** Bytes of the size field. */
  sizeLength: number;
};

function readElement(bytes: Uint8Array, at: number): Element | undefined {
  const id = readVint(bytes, at, true);
  if (!id) return undefined;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return undefined;
  return {
    id: id.value,
    start: at,
    dataStart: at + id.length + size.length,
    size: size.unknown ? undefined : size.value,
    sizeLength: size.length,
  };
}

/** An element's size as an 8-byte vint (any size a file of ours can have). */
function sizeBytes(size: number): Uint8Array {
  const out = new Uint8Array(8);
  let v = size;
  for (let i = 7; i >= 1; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] = 0x01;
  return out;
}

function idBytes(id: number): Uint8Array {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out);
}

function readUint(bytes: Uint8Array, at: number, length: number): number {
  let v = 0;
  for (let i = 0; i < length; i++) v = v * 256 + (bytes[at + i] ?? 0);
  return v;
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The start of a WebM file with `durationMs` written into its Info, and how
 * many of the original bytes it replaces; undefined when it cannot be done
 * safely (see the top of this file) or the file has a duration already.
 */
export function patchWebmHead(
  head: Uint8Array,
  durationMs: number,
): { bytes: Uint8Array<ArrayBuffer>; replaces: number } | undefined {
  if (!(durationMs > 0)) return undefined;
  const ebml = readElement(head, 0);
  if (!ebml || ebml.id !== ID.ebml || ebml.size === undefined) return undefined;
  const segment = readElement(head, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== ID.segment) return undefined;

  // The Segment's children up to its Info.
  let info: Element | undefined;
  for (let at = segment.dataStart; at < head.length; ) {
    const child = readElement(head, at);
    if (!child || child.size === undefined) return undefined;
    if (child.id === ID.info) {
      info = child;
      break;
    }
    // Offsets in a SeekHead or Cues would point past the insertion.
    if (
      child.id === ID.seekHead ||
      child.id === ID.cues ||
      child.id === ID.tracks ||
      child.id === ID.cluster
    ) {
      return undefined;
    }
    at = child.dataStart + child.size;
  }
  if (!info || info.size === undefined) return undefined;
  const infoEnd = info.dataStart + info.size;
  if (infoEnd > head.length) return undefined;

  let scale = DEFAULT_SCALE;
  for (let at = info.dataStart; at < infoEnd; ) {
    const child = readElement(head, at);
    if (!child || child.size === undefined) return undefined;
    if (child.id === ID.duration) return undefined;
    if (child.id === ID.timecodeScale && child.size >= 1 && child.size <= 6) {
      scale = readUint(head, child.dataStart, child.size) || DEFAULT_SCALE;
    }
    at = child.dataStart + child.size;
  }

  // Duration: a float in ticks of TimecodeScale nanoseconds.
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / scale);

  const newInfoSize = info.size + duration.length;
  const infoHead = concat([idBytes(ID.info), sizeBytes(newInfoSize)]);
  const growth = infoHead.length + newInfoSize - (infoEnd - info.start);
  // A Segment of known size grows by as much (its size written again on 8 bytes).
  const segmentHead =
    segment.size === undefined
      ? head.subarray(segment.start, segment.dataStart)
      : concat([idBytes(ID.segment), sizeBytes(segment.size + growth)]);

  return {
    bytes: concat([
      head.subarray(0, segment.start),
      segmentHead,
      head.subarray(segment.dataStart, info.start),
      infoHead,
      head.subarray(info.dataStart, infoEnd),
      duration,
    ]),
    replaces: infoEnd,
  };
}

/** `blob` (a WebM recording) with its length written in; the same blob when that cannot be done. */
export async function withWebmDuration(blob: Blob, durationMs: number): Promise<Blob> {
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  const patched = patchWebmHead(head, durationMs);
  if (!patched) return blob;
  return new Blob([patched.bytes, blob.slice(patched.replaces)], { type: blob.type });
}
