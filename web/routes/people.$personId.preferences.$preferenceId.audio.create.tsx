/**
 * Record a sound for a preference (spec §2 /preferences/{preferenceId}/audio/create):
 * record in the browser with the level and the time in sight, listen back,
 * record again or save. Saving uploads through the signed path every media
 * item takes (web/media/upload.ts), then writes the description typed, if
 * any, through the outbox like every other write.
 */

import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { MEDIA_LIMITS } from '../../sync/media.ts';
import { mutators } from '../../sync/mutators.ts';
import { ApiError } from '../api-client.ts';
import { SaveCancel } from '../components/form-actions.tsx';
import { LeaveConfirm } from '../components/leave-confirm.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { StoragePrompt } from '../components/storage-prompt.tsx';
import { type RecorderProblem, useAudioRecorder } from '../hooks/use-audio-recorder.ts';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { usePreferencePage } from '../hooks/use-preference-page.tsx';
import { clock, lengthInWords, recordingName } from '../media/recording.ts';
import { checkFile, isAbort, uploadMedia } from '../media/upload.ts';
import { audioMessages } from '../messages/audio.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { flag, searchOf } from '../navigation/search-params.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/audio/create')({
  head: pageHead(messages.titles.recordSound),
  // `spoken`: recording the preference's spoken description (the choice starts ticked).
  validateSearch: searchOf({ spoken: flag }),
  component: AudioCreate,
});

const t = audioMessages;

/** The longest recording: it stops by itself there (a long one is a big file to upload). */
const MAX_MINUTES = 30;

const problemText: Record<RecorderProblem, string> = {
  denied: t.denied,
  noMicrophone: t.noMicrophone,
  unsupported: t.unsupported,
  busy: t.busy,
  failed: t.failed,
};

function AudioCreate() {
  const { personId, preferenceId } = Route.useParams();
  const { pref, fallback } = usePreferencePage(personId, preferenceId, {
    mayWrite: useCanWrite(personId),
  });
  usePageTitle(pref ? t.titleFor(pref.title) : undefined, useLibraryName(personId));
  if (!pref || fallback) return fallback;
  return <Recorder personId={personId} preferenceId={preferenceId} title={pref.title} />;
}

function Recorder({
  personId,
  preferenceId,
  title,
}: {
  personId: string;
  preferenceId: string;
  title: string;
}) {
  const navigate = useNavigate();
  const write = useWrite();
  const { spoken } = Route.useSearch();
  const headingId = useId();
  const listenId = useId();
  const levelId = useId();
  const timeId = useId();
  const descriptionId = useId();
  const meter = useRef<HTMLMeterElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  const recorder = useAudioRecorder(meter, MAX_MINUTES * 60_000);
  const { phase, recording, seconds } = recorder;

  const [description, setDescription] = useState('');
  const [asSpoken, setAsSpoken] = useState(spoken === true);
  const spokenId = useId();
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | undefined>();
  const [saveError, setSaveError] = useState<string | undefined>();
  /** The saved recording's id, once uploaded: saving again only writes the description. */
  const [savedId, setSavedId] = useState<string | undefined>();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const upload = useRef<AbortController | null>(null);

  // Leaving while the file uploads: it is cancelled (and never shown).
  useEffect(() => () => upload.current?.abort(), []);

  // Focus follows the one control that matters next: Stop while recording,
  // the recording itself once it is there.
  useEffect(() => {
    if (phase === 'recording') stopButton.current?.focus();
    if (phase === 'recorded') player.current?.focus();
  }, [phase]);

  // A new recording: whatever the last save said no longer applies.
  useEffect(() => {
    if (recording) {
      setSaveError(undefined);
      setSavedId(undefined);
    }
  }, [recording]);

  const toPreference = () =>
    navigate({
      to: '/people/$personId/preferences/$preferenceId',
      params: { personId, preferenceId },
      replace: true,
    });

  const unsaved = phase === 'recording' || phase === 'starting' || (recording && !savedId);

  function cancel() {
    if (unsaved) setConfirmLeave(true);
    else void toPreference();
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!recording || saving) return;
    setSaveError(undefined);
    setSaving(true);
    let id = savedId;
    if (!id) {
      const file = new File([recording.blob], recordingName(recording.startedAt, recording.type), {
        type: recording.type,
      });
      const problem = checkFile(file);
      if (problem) {
        setSaveError(problem);
        setSaving(false);
        return;
      }
      const controller = new AbortController();
      upload.current = controller;
      setProgress(0);
      try {
        id = await uploadMedia(
          personId,
          file,
          { purpose: 'preference', preferenceId },
          {
            signal: controller.signal,
            onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
          },
        );
      } catch (err) {
        if (isAbort(err)) return;
        setSaveError(
          err instanceof ApiError && err.status >= 400 && err.message !== messages.errors.generic
            ? t.uploadRefused(err.message)
            : t.uploadFailed,
        );
        setSaving(false);
        setProgress(undefined);
        return;
      } finally {
        upload.current = null;
      }
      setSavedId(id);
    }
    const typed = description.trim();
    if (typed) {
      const refused = refusalOf(await write(mutators.media.update({ id, description: typed })));
      if (refused) {
        setSaveError(t.descriptionFailed(refused));
        setSaving(false);
        setProgress(undefined);
        return;
      }
    }
    if (asSpoken) {
      const refused = refusalOf(
        await write(mutators.preference.speak({ id: preferenceId, spokenMediaId: id })),
      );
      if (refused) {
        setSaveError(t.spokenFailed(refused));
        setSaving(false);
        setProgress(undefined);
        return;
      }
    }
    await toPreference();
  }

  const error = recorder.problem ? problemText[recorder.problem] : saveError;
  // Said once at each step, never on every tick of the clock.
  const announcement =
    phase === 'starting'
      ? t.asking
      : phase === 'recording'
        ? seconds >= 60
          ? t.stillRecording(Math.floor(seconds / 60))
          : t.started
        : phase === 'recorded' && recording
          ? saving
            ? t.saving
            : recorder.stoppedAtLimit
              ? `${t.limit(MAX_MINUTES)} ${t.stopped(lengthInWords(recording.durationMs))}`
              : t.stopped(lengthInWords(recording.durationMs))
          : '';

  return (
    <section className="card audio-recorder" aria-labelledby={headingId}>
      <h1 id={headingId}>{t.heading}</h1>
      <p className="status">{t.forPreference(title)}</p>
      <StoragePrompt personId={personId} />
      <ErrorAlert message={error} />

      {phase === 'idle' || phase === 'starting' ? (
        <>
          <p>{t.howTo}</p>
          <div className="actions">
            <button type="button" className="audio-start" onClick={() => void recorder.start()}>
              <span className="audio-dot" aria-hidden="true" />
              {t.start}
            </button>
            <button type="button" className="secondary" onClick={cancel}>
              {t.cancel}
            </button>
          </div>
        </>
      ) : null}

      {phase === 'recording' ? (
        <div className="audio-live">
          <p className="audio-now">
            <span className="audio-dot" aria-hidden="true" />
            {t.recordingNow}
          </p>
          <p className="audio-time">
            <span id={timeId}>{t.time}</span>{' '}
            <span role="timer" aria-labelledby={timeId} className="audio-clock">
              {clock(seconds * 1000)}
            </span>
          </p>
          <div className="audio-level">
            <label htmlFor={levelId}>{t.level}</label>
            <meter
              ref={meter}
              id={levelId}
              min={0}
              max={100}
              value={0}
              className="meter audio-meter"
            />
          </div>
          <div className="actions">
            <button type="button" ref={stopButton} onClick={recorder.stop}>
              <span className="audio-square" aria-hidden="true" />
              {t.stop}
            </button>
            <button type="button" className="secondary" onClick={cancel}>
              {t.cancel}
            </button>
          </div>
        </div>
      ) : null}

      {phase === 'recorded' && recording ? (
        <form className="audio-result" onSubmit={save} noValidate>
          <h2 id={listenId}>{t.listen}</h2>
          {/* biome-ignore lint/a11y/useMediaCaption: a new recording has no captions yet; its description is typed below. */}
          <audio
            ref={player}
            controls
            preload="metadata"
            src={recording.url}
            aria-labelledby={listenId}
            className="audio-player"
          />
          <p className="status">{t.length(clock(recording.durationMs))}</p>
          <div className="actions">
            <button
              type="button"
              className="secondary"
              disabled={saving}
              onClick={() => void recorder.start()}
            >
              {t.recordAgain}
            </button>
          </div>
          <div className="field">
            <label htmlFor={descriptionId}>{t.description}</label>
            <p id={`${descriptionId}-help`} className="field-help">
              {t.descriptionHelp}
            </p>
            <textarea
              id={descriptionId}
              rows={3}
              value={description}
              maxLength={MEDIA_LIMITS.description}
              aria-describedby={`${descriptionId}-help`}
              onChange={(e) => setDescription(e.target.value.trimStart())}
              onBlur={(e) => setDescription(e.target.value.trim())}
            />
          </div>
          <div className="field checkbox">
            <input
              id={spokenId}
              type="checkbox"
              checked={asSpoken}
              aria-describedby={`${spokenId}-help`}
              onChange={(e) => setAsSpoken(e.target.checked)}
            />
            <label htmlFor={spokenId}>{t.spokenChoice}</label>
          </div>
          <p id={`${spokenId}-help`} className="field-help">
            {t.spokenHelp}
          </p>
          {saving && progress !== undefined ? (
            <progress
              className="audio-progress"
              max={100}
              value={progress}
              aria-label={t.progress}
            />
          ) : null}
          <SaveCancel saving={saving} texts={t} onCancel={cancel} />
        </form>
      ) : null}

      <p role="status" className="status">
        {announcement}
      </p>
      <LeaveConfirm
        open={confirmLeave}
        title={t.leaveTitle}
        body={t.leaveBody}
        onClose={() => setConfirmLeave(false)}
        onConfirm={() => {
          setConfirmLeave(false);
          void toPreference();
        }}
      />
    </section>
  );
}
