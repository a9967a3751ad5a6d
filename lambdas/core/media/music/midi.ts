/**
 * A performance (perform.ts) as a Standard MIDI File, with `@tonejs/midi`: format 1, one track a
 * part (named in Spanish), the tempo and time signature in the header, and per track its channel
 * (drums on channel 10, index 9), program, volume (CC7), pan (CC10) and reverb send (CC91).
 */
import * as tonejsMidi from '@tonejs/midi';
import type { Performance } from './perform';

/**
 * @tonejs/midi's class: a named export of its ES build (what esbuild bundles, `module` field), a
 * property of its UMD build's `module.exports` under plain Node (the tests), which Node cannot
 * expose as a named export.
 */
const Midi = tonejsMidi.Midi ?? (tonejsMidi as unknown as { default: typeof tonejsMidi }).default.Midi;

/** The MIDI file of `performance`, titled `title`. */
export function performanceToMidi(performance: Performance, title: string): Uint8Array {
  const midi = new Midi();
  midi.name = title;
  midi.header.setTempo(performance.tempo);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [performance.beatsPerBar, 4] });
  const ppq = midi.header.ppq;
  const ticks = (beats: number) => Math.round(beats * ppq);
  for (const part of performance.parts) {
    const track = midi.addTrack();
    track.name = part.name;
    track.channel = part.channel;
    track.instrument.number = part.program;
    track.addCC({ number: 7, value: part.volume, ticks: 0 });
    track.addCC({ number: 10, value: part.pan, ticks: 0 });
    track.addCC({ number: 91, value: part.reverb, ticks: 0 });
    for (const note of part.notes) {
      track.addNote({ midi: note.midi, ticks: ticks(note.beat), durationTicks: Math.max(1, ticks(note.beat + note.beats) - ticks(note.beat)), velocity: note.velocity });
    }
  }
  midi.header.update();
  return midi.toArray();
}
