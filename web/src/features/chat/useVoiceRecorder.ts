/**
 * Recording a voice note in the browser (issue 6 item 3) with MediaRecorder: the microphone is
 * asked for when recording starts and released when it stops; the note is a file of the first
 * type the browser records (WEBM/Opus in Chromium and Firefox, OGG, MP4/AAC in Safari), named so
 * the upload rules of kind 'chatVoice' accept it. Recordings stop by themselves after
 * MAX_RECORDING_SECONDS. Failures (no microphone, permission denied) are Spanish messages.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MSG } from '@director-ia/shared';

export const MAX_RECORDING_SECONDS = 120;
const CANDIDATE_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

/** Whether this browser can record a voice note. */
export function canRecordVoice(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** The note as an upload file: the base media type and a matching extension. */
export function voiceFile(chunks: BlobPart[], recordedType: string): File {
  const base = recordedType.split(';')[0]?.trim().toLowerCase() || 'audio/webm';
  const type = EXTENSIONS[base] ? base : 'audio/webm';
  return new File(chunks, `nota-de-voz.${EXTENSIONS[type]}`, { type });
}

export interface VoiceRecorder {
  supported: boolean;
  recording: boolean;
  seconds: number;
  start(): Promise<void>;
  /** Stops and hands the note to `onRecorded`. */
  stop(): void;
  /** Stops and throws the note away. */
  cancel(): void;
}

export function useVoiceRecorder(onRecorded: (file: File) => void, onError: (message: string) => void): VoiceRecorder {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const discard = useRef(false);
  const callbacks = useRef({ onRecorded, onError });
  useEffect(() => {
    callbacks.current = { onRecorded, onError };
  });

  const finish = useCallback((keep: boolean) => {
    const current = recorder.current;
    if (!current || current.state === 'inactive') return;
    discard.current = !keep;
    current.stop();
  }, []);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_RECORDING_SECONDS) finish(true);
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording, finish]);

  // Leaving the page while recording releases the microphone.
  useEffect(() => () => finish(false), [finish]);

  const start = useCallback(async () => {
    if (!canRecordVoice()) {
      callbacks.current.onError(CHAT_MSG.recordingUnsupported);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      callbacks.current.onError(CHAT_MSG.microphoneDenied);
      return;
    }
    const mimeType = CANDIDATE_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: BlobPart[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setRecording(false);
      if (!discard.current && chunks.length > 0) callbacks.current.onRecorded(voiceFile(chunks, media.mimeType || mimeType || 'audio/webm'));
    };
    discard.current = false;
    recorder.current = media;
    media.start(1000);
    setSeconds(0);
    setRecording(true);
  }, []);

  return { supported: canRecordVoice(), recording, seconds, start, stop: () => finish(true), cancel: () => finish(false) };
}
