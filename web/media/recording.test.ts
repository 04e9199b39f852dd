import { describe, expect, test } from 'vitest';
import {
  chooseRecordingType,
  clock,
  keptType,
  lengthInWords,
  levelOf,
  recordingName,
} from './recording.ts';
import { patchWebmHead, withWebmDuration } from './webm-duration.ts';

describe('the recording’s format', () => {
  test('Opus in WebM first, then what the browser records', () => {
    expect(chooseRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(chooseRecordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(chooseRecordingType(() => false)).toBeUndefined();
    expect(
      chooseRecordingType((t) => {
        if (t.startsWith('audio/webm')) throw new Error('no');
        return t === 'audio/ogg';
      }),
    ).toBe('audio/ogg');
  });

  test('kept without codec parameters, and only as a sound the library keeps', () => {
    expect(keptType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(keptType('Audio/WebM; codecs="opus"')).toBe('audio/webm');
    expect(keptType('video/webm;codecs=opus')).toBe('audio/webm');
    expect(keptType('audio/mp4;codecs=mp4a.40.2')).toBe('audio/mp4');
    expect(keptType('audio/x-matroska')).toBeUndefined();
    expect(keptType('image/png')).toBeUndefined();
    expect(keptType('')).toBeUndefined();
  });
});

describe('names and times', () => {
  test('the file is named by when it was recorded', () => {
    expect(recordingName(new Date(2026, 10, 25, 15, 4), 'audio/webm')).toBe(
      'Recording 25 Nov 2026 3.04 pm.webm',
    );
    expect(recordingName(new Date(2026, 0, 5, 0, 30), 'audio/mp4')).toBe(
      'Recording 5 Jan 2026 12.30 am.m4a',
    );
    expect(recordingName(new Date(2026, 0, 5, 12, 0), 'audio/ogg')).toBe(
      'Recording 5 Jan 2026 12.00 pm.ogg',
    );
  });

  test('the clock shows minutes and seconds', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(3_999)).toBe('00:03');
    expect(clock(65_000)).toBe('01:05');
    expect(clock(3_600_000 + 61_000)).toBe('1:01:01');
  });

  test('a length in words', () => {
    expect(lengthInWords(1_000)).toBe('1 second');
    expect(lengthInWords(3_900)).toBe('3 seconds');
    expect(lengthInWords(60_000)).toBe('1 minute');
    expect(lengthInWords(125_000)).toBe('2 minutes and 5 seconds');
  });

  test('the level: silence is 0, full scale 100, a quiet voice in between', () => {
    expect(levelOf(new Float32Array(64))).toBe(0);
    expect(levelOf(new Float32Array(64).fill(1))).toBe(100);
    const quiet = levelOf(new Float32Array(64).fill(0.05));
    expect(quiet).toBeGreaterThan(20);
    expect(quiet).toBeLessThan(80);
  });
});

// A WebM file's start as MediaRecorder writes it: EBML header, a Segment of
// unknown size, its Info (TimecodeScale, MuxingApp) and no Duration, then Tracks.
const ebmlHeader = [0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01];
const liveSegment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const timecodeScale = [0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40];
const muxingApp = [0x4d, 0x80, 0x86, ...new TextEncoder().encode('Chrome')];
const infoData = [...timecodeScale, ...muxingApp];
const info = (data: number[]) => [0x15, 0x49, 0xa9, 0x66, 0x80 | data.length, ...data];
const tracks = [0x16, 0x54, 0xae, 0x6b, 0x82, 0xec, 0x80];

/** The Duration element's value (a float64) at the end of `bytes`. */
function durationAtEnd(bytes: Uint8Array) {
  const tail = bytes.subarray(bytes.length - 11);
  expect([...tail.subarray(0, 3)]).toEqual([0x44, 0x89, 0x88]);
  return new DataView(tail.buffer, tail.byteOffset + 3, 8).getFloat64(0);
}

describe('a WebM recording gets its length written in', () => {
  test('Duration (in TimecodeScale ticks) is added to Info, and Info’s size with it', () => {
    const file = Uint8Array.from([...ebmlHeader, ...liveSegment, ...info(infoData), ...tracks]);
    const patched = patchWebmHead(file, 3_250);
    if (!patched) throw new Error('not patched');
    const infoStart = ebmlHeader.length + liveSegment.length;
    expect(patched.replaces).toBe(infoStart + 5 + infoData.length);
    // Everything before Info as it was; Info's id, then its size on 8 bytes.
    expect([...patched.bytes.subarray(0, infoStart)]).toEqual([...file.subarray(0, infoStart)]);
    const head = patched.bytes.subarray(infoStart, infoStart + 12);
    expect([...head]).toEqual([
      0x15,
      0x49,
      0xa9,
      0x66,
      0x01,
      0,
      0,
      0,
      0,
      0,
      0,
      infoData.length + 11,
    ]);
    expect([...patched.bytes.subarray(infoStart + 12, infoStart + 12 + infoData.length)]).toEqual(
      infoData,
    );
    expect(durationAtEnd(patched.bytes)).toBe(3_250);
  });

  test('another TimecodeScale counts in its own ticks', () => {
    // 100 µs ticks: 2 s is 20,000 of them.
    const scale = [0x2a, 0xd7, 0xb1, 0x83, 0x01, 0x86, 0xa0];
    const file = Uint8Array.from([...ebmlHeader, ...liveSegment, ...info(scale), ...tracks]);
    const patched = patchWebmHead(file, 2_000);
    expect(patched && durationAtEnd(patched.bytes)).toBe(20_000);
  });

  test('a Segment of known size grows by as much as Info', () => {
    const rest = [...info(infoData), ...tracks];
    const segment = [0x18, 0x53, 0x80, 0x67, 0x80 | rest.length];
    const file = Uint8Array.from([...ebmlHeader, ...segment, ...rest]);
    const patched = patchWebmHead(file, 1_000);
    if (!patched) throw new Error('not patched');
    const size = patched.bytes.subarray(ebmlHeader.length + 4, ebmlHeader.length + 12);
    const grown = new DataView(size.buffer, size.byteOffset + 1, 7);
    // Info: 5 bytes of head became 12, and 11 of Duration were added.
    expect(grown.getUint32(3)).toBe(rest.length + 7 + 11);
  });

  test('left as it is: a Duration already there, a SeekHead before Info, not WebM at all', () => {
    const withDuration = [...infoData, 0x44, 0x89, 0x84, 0x45, 0x3b, 0x80, 0x00];
    expect(
      patchWebmHead(
        Uint8Array.from([...ebmlHeader, ...liveSegment, ...info(withDuration), ...tracks]),
        1_000,
      ),
    ).toBeUndefined();
    const seekHead = [0x11, 0x4d, 0x9b, 0x74, 0x80];
    expect(
      patchWebmHead(
        Uint8Array.from([...ebmlHeader, ...liveSegment, ...seekHead, ...info(infoData)]),
        1_000,
      ),
    ).toBeUndefined();
    expect(patchWebmHead(new TextEncoder().encode('<html>not a recording</html>'), 1_000)).toBe(
      undefined,
    );
    expect(patchWebmHead(Uint8Array.from(ebmlHeader), 1_000)).toBeUndefined();
    expect(patchWebmHead(Uint8Array.from([...ebmlHeader, ...liveSegment]), 0)).toBeUndefined();
  });

  test('a Blob: the patched start, then the rest of the recording unchanged', async () => {
    const cluster = [
      0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3,
    ];
    const bytes = [...ebmlHeader, ...liveSegment, ...info(infoData), ...tracks, ...cluster];
    const blob = new Blob([Uint8Array.from(bytes)], { type: 'audio/webm' });
    const out = await withWebmDuration(blob, 4_000);
    expect(out.type).toBe('audio/webm');
    expect(out.size).toBe(blob.size + 7 + 11);
    const all = new Uint8Array(await out.arrayBuffer());
    expect([...all.subarray(all.length - tracks.length - cluster.length)]).toEqual([
      ...tracks,
      ...cluster,
    ]);
    // Not WebM: the same blob back.
    const other = new Blob(['hello'], { type: 'audio/mp4' });
    expect(await withWebmDuration(other, 4_000)).toBe(other);
  });
});
