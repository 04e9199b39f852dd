/**
 * Records sound from the microphone in the browser (MediaRecorder), with a
 * live sound level (Web Audio AnalyserNode) and the time recorded. The
 * microphone is on only while recording: its tracks stop when the recording
 * stops, fails, or the page closes.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { MediaContentType } from '../../sync/media.ts';
import { chooseRecordingType, keptType, levelOf } from '../media/recording.ts';
import { withWebmDuration } from '../media/webm-duration.ts';

/** Why recording could not start or went wrong, for the page to say in words. */
export type RecorderProblem = 'denied' | 'noMicrophone' | 'unsupported' | 'busy' | 'failed';

export type Recording = {
  blob: Blob;
  /** An object URL of `blob`, for the page's <audio>; revoked when the recording goes. */
  url: string;
  type: MediaContentType;
  durationMs: number;
  /** When recording started. */
  startedAt: Date;
};

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'recorded';

/** The browser's reason (a DOMException's name) as one of ours. */
export function problemOf(error: unknown): RecorderProblem {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'noMicrophone';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** How far the level shown falls in one frame (of 100): from full to nothing in about a second. */
const FALL_PER_FRAME = 2;

type Live = {
  stream: MediaStream;
  recorder: MediaRecorder;
  audio: AudioContext | undefined;
  frame: number;
  timer: ReturnType<typeof setInterval> | undefined;
};

/**
 * `meter`: the <meter> showing the level (0 to 100), set on every animation
 * frame while recording. `maxMs`: recording stops by itself there.
 */
export function useAudioRecorder(meter: RefObject<HTMLMeterElement | null>, maxMs: number) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [problem, setProblem] = useState<RecorderProblem | undefined>();
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<Recording | undefined>();
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  const live = useRef<Live | null>(null);
  const url = useRef<string | undefined>(undefined);
  const alive = useRef(true);
  const busy = useRef(false);

  /** Microphone off, level and clock stopped. */
  const release = useCallback(() => {
    const l = live.current;
    if (!l) return;
    live.current = null;
    cancelAnimationFrame(l.frame);
    clearInterval(l.timer);
    for (const track of l.stream.getTracks()) track.stop();
    void l.audio?.close().catch(() => {});
  }, []);

  /** The recording goes (its object URL with it). */
  const discard = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = undefined;
    setRecording(undefined);
  }, []);

  const stop = useCallback((atLimit = false) => {
    const recorder = live.current?.recorder;
    if (!recorder || recorder.state === 'inactive') return;
    setStoppedAtLimit(atLimit);
    recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      setProblem(undefined);
      setStoppedAtLimit(false);
      discard();
      if (typeof MediaRecorder === 'undefined') {
        setProblem('unsupported');
        setPhase('idle');
        return;
      }
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('noMicrophone');
        setPhase('idle');
        return;
      }
      setPhase('starting');
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch (e) {
        if (alive.current) {
          setProblem(problemOf(e));
          setPhase('idle');
        }
        return;
      }
      const off = () => {
        for (const track of stream.getTracks()) track.stop();
      };
      if (!alive.current) return off();

      const asked = chooseRecordingType((t) => MediaRecorder.isTypeSupported(t));
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(stream, asked ? { mimeType: asked } : {});
      } catch {
        off();
        setProblem('unsupported');
        setPhase('idle');
        return;
      }

      // The level: optional, recording works without it.
      let audio: AudioContext | undefined;
      let analyser: AnalyserNode | undefined;
      try {
        audio = new AudioContext();
        analyser = audio.createAnalyser();
        analyser.fftSize = 2048;
        audio.createMediaStreamSource(stream).connect(analyser);
        void audio.resume().catch(() => {});
      } catch {
        void audio?.close().catch(() => {});
        audio = undefined;
        analyser = undefined;
      }

      const chunks: Blob[] = [];
      const startedAt = new Date();
      let began = performance.now();
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      recorder.onstart = () => {
        began = performance.now();
      };
      recorder.onerror = () => {
        // A 'stop' follows; what was recorded so far is dropped.
        chunks.length = 0;
        if (alive.current) setProblem('failed');
      };
      recorder.onstop = async () => {
        const durationMs = performance.now() - began;
        release();
        if (!alive.current) return;
        const type = keptType(recorder.mimeType || chunks[0]?.type || asked || '');
        if (chunks.length === 0 || !type) {
          setProblem((p) => p ?? (type ? 'failed' : 'unsupported'));
          setPhase('idle');
          return;
        }
        const raw = new Blob(chunks, { type });
        const blob =
          type === 'audio/webm' ? await withWebmDuration(raw, durationMs).catch(() => raw) : raw;
        if (!alive.current) return;
        url.current = URL.createObjectURL(blob);
        setRecording({ blob, url: url.current, type, durationMs, startedAt });
        setPhase('recorded');
      };

      const samples = analyser ? new Float32Array(analyser.fftSize) : undefined;
      const state: Live = { stream, recorder, audio, frame: 0, timer: undefined };
      let shown = 0;
      const showLevel = () => {
        if (live.current !== state) return;
        const el = meter.current;
        if (analyser && samples && el) {
          analyser.getFloatTimeDomainData(samples);
          // Up at once, down gently: a short sound stays in sight long enough to see.
          shown = Math.max(levelOf(samples), shown - FALL_PER_FRAME);
          if (el.value !== shown) el.value = shown;
        }
        state.frame = requestAnimationFrame(showLevel);
      };
      // The clock on a timer, not on frames: frames stop in a hidden tab, recording does not.
      const tick = () => {
        const ms = performance.now() - began;
        setSeconds(Math.floor(ms / 1000));
        if (ms >= maxMs) stop(true);
      };

      live.current = state;
      try {
        recorder.start(1000);
      } catch {
        release();
        setProblem('failed');
        setPhase('idle');
        return;
      }
      setSeconds(0);
      setPhase('recording');
      state.frame = requestAnimationFrame(showLevel);
      state.timer = setInterval(tick, 250);
    } finally {
      busy.current = false;
    }
  }, [discard, maxMs, meter, release, stop]);

  // Leaving the page: the recording stops unsaved, the microphone goes off.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const recorder = live.current?.recorder;
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null;
        try {
          recorder.stop();
        } catch {
          // Stopping the tracks below ends it anyway.
        }
      }
      release();
      if (url.current) URL.revokeObjectURL(url.current);
      url.current = undefined;
    };
  }, [release]);

  return { phase, problem, seconds, recording, stoppedAtLimit, start, stop: () => stop() };
}
