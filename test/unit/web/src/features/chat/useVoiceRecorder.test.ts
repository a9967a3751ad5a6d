/** The recorded voice note's upload file (issue 6 item 3): base type, and an extension the 'chatVoice' rules accept. */
import { describe, expect, it } from 'vitest';
import { checkUpload } from '@director-ia/shared';
import { voiceFile } from '../../../../../../web/src/features/chat/useVoiceRecorder';

describe('voice note file', () => {
  it.each([
    ['audio/webm;codecs=opus', 'nota-de-voz.webm', 'audio/webm'],
    ['audio/ogg;codecs=opus', 'nota-de-voz.ogg', 'audio/ogg'],
    ['audio/mp4', 'nota-de-voz.m4a', 'audio/mp4'],
    ['', 'nota-de-voz.webm', 'audio/webm'],
    ['audio/x-unknown', 'nota-de-voz.webm', 'audio/webm'],
  ])('%s → %s (%s), accepted by the chatVoice rules', (recorded, name, type) => {
    const file = voiceFile([new Uint8Array([1, 2, 3])], recorded);
    expect(file.name).toBe(name);
    expect(file.type).toBe(type);
    expect(checkUpload('chatVoice', { fileName: file.name, contentType: file.type, size: file.size })).toBeNull();
  });
});
