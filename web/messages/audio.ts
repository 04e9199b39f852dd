/**
 * Interface text of the sound recorder (/preferences/{id}/audio/create): part
 * imported where used (web/messages.ts). Short sentences in plain words: some
 * of the people recording live with dementia.
 */
import { messages } from '../messages.ts';

export const audioMessages = {
  pageTitle: messages.titles.recordSound,
  titleFor: (title: string) => `Record a sound for ${title}`,
  heading: 'Record a sound',
  forPreference: (title: string) => `For “${title}”`,
  howTo: 'Press Start recording, then speak or play the sound. Press Stop when you have finished.',
  start: 'Start recording',
  stop: 'Stop',
  asking: 'Getting the microphone ready. Your device may ask you to allow it.',
  recordingNow: 'Recording',
  started: 'Recording has started. Press Stop when you have finished.',
  stillRecording: (minutes: number) =>
    minutes === 1
      ? 'Still recording: 1 minute so far.'
      : `Still recording: ${minutes} minutes so far.`,
  level: 'Sound level',
  time: 'Time recorded',
  stopped: (length: string) =>
    `Recording stopped. It is ${length} long. You can listen to it, record again, or save it.`,
  limit: (minutes: number) =>
    `A recording can be up to ${minutes} minutes long, so it stopped by itself.`,
  listen: 'Listen to your recording',
  length: (clock: string) => `Length: ${clock}`,
  recordAgain: 'Record again',
  description: 'Description (optional)',
  descriptionHelp:
    'Say in a few words what can be heard. This helps people who cannot hear the recording.',
  save: 'Save',
  saving: 'Saving your recording…',
  progress: 'Saving',
  saved: 'Your recording is saved.',
  cancel: 'Cancel',
  leaveTitle: 'Are you sure you want to cancel?',
  leaveBody: 'Your recording has not been saved. If you leave now, it will be lost.',
  // What went wrong, and what to do about it.
  denied:
    'This page is not allowed to use the microphone. To record, let this page use the microphone in your browser’s settings. Then press Start recording again.',
  noMicrophone:
    'We could not find a microphone. Connect one, or use a device that has one, then press Start recording again.',
  unsupported:
    'This browser cannot record sound. Please try a browser like Chrome, Edge, Firefox or Safari instead.',
  busy: 'The microphone could not be started. Another app may be using it. Close that app, then press Start recording again.',
  failed: 'Sorry, something went wrong with the recording. Please press Start recording again.',
  uploadFailed:
    'Sorry, your recording could not be saved. Please check your internet connection, then press Save again.',
  uploadRefused: (reason: string) => `Your recording could not be saved. ${reason}`,
  // The spoken description: a recording played in place of the words.
  spokenChoice: 'Play this recording in place of the written description',
  spokenHelp:
    'For someone who does not read: the preference shows this recording first, with the words underneath.',
  spokenFailed: (reason: string) =>
    `Your recording is saved, but it is not the spoken description yet. ${reason} Press Save to try again.`,
  recordSpoken: 'Record a spoken description',
  spokenHeading: 'Listen',
  spokenLabel: (title: string) => `Spoken description of ${title}`,
  showWords: 'Show the written words',
  useWords: 'Use the written words instead',
  descriptionFailed: (reason: string) =>
    `Your recording is saved, but its description is not. ${reason} Press Save to try again.`,
} as const;
