/**
 * Images in a user message (the mobile chat's photo, issue 6 item 3; `ChatMessage.images`): the
 * exact request shape each provider sends — Bedrock Converse image blocks (aws-sdk-client-mock),
 * OpenAI-compatible `image_url` data-URL parts and Gemini `inlineData` parts (fake fetch) — and
 * the offline provider saying plainly that it cannot see images, describing only format and size.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createBedrockProvider } from '../../../../../lambdas/platform/ai/providers/bedrock/text';
import { createGeminiProvider } from '../../../../../lambdas/platform/ai/providers/gemini/text';
import type { FetchFn } from '../../../../../lambdas/platform/ai/providers/rest';
import { describeImage, imageInfo } from '../../../../../lambdas/platform/ai/image-info';
import { offlineProvider, OFFLINE_PREFIX } from '../../../../../lambdas/platform/ai/providers/offline/text';
import { createOpenAiCompatibleProvider } from '../../../../../lambdas/platform/ai/providers/openai-compatible/text';
import { encodePng } from '../../../../../lambdas/platform/ai/offline/png';
import type { ChatImage, TextRequest } from '../../../../../lambdas/platform/ai/types';

const png = encodePng(40, 30, new Uint8Array(40 * 30 * 3).fill(200));
const photo: ChatImage = { bytes: png, mediaType: 'image/png' };
const request: TextRequest = {
  system: 'Eres el director de marketing.',
  messages: [
    { role: 'user', content: 'Hola' },
    { role: 'assistant', content: '¿Qué necesitas?' },
    { role: 'user', content: '¿Qué te parece esta foto?', images: [photo] },
  ],
};
const base64 = Buffer.from(png).toString('base64');

function fakeFetch(body: unknown): { fetch: FetchFn; bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  const fetch: FetchFn = async (_url, init) => {
    bodies.push(JSON.parse(init.body as string) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, bodies };
}

const bedrock = mockClient(BedrockRuntimeClient);
afterEach(() => bedrock.reset());

describe('images in chat messages', () => {
  it('Bedrock Converse: image blocks {image: {format, source: {bytes}}} before the text, only on the message that has them', async () => {
    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [{ text: 'Transmite calma.' }] } }, stopReason: 'end_turn', usage: undefined, metrics: undefined });
    const result = await createBedrockProvider({ models: { text: 'eu.amazon.nova-pro-v1:0' } }).generateText(request);
    expect(result.text).toBe('Transmite calma.');
    const messages = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input.messages;
    expect(messages?.[0]).toEqual({ role: 'user', content: [{ text: 'Hola' }] });
    expect(messages?.[2]).toEqual({ role: 'user', content: [{ image: { format: 'png', source: { bytes: png } } }, { text: '¿Qué te parece esta foto?' }] });
  });

  it('Bedrock maps JPEG and WEBP to their Converse formats', async () => {
    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [{ text: 'ok' }] } }, stopReason: 'end_turn', usage: undefined, metrics: undefined });
    const jpeg: ChatImage = { bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]), mediaType: 'image/jpeg' };
    const webp: ChatImage = { bytes: Uint8Array.from([0x52, 0x49, 0x46, 0x46]), mediaType: 'image/webp' };
    await createBedrockProvider({ models: { text: 'm' } }).generateText({ system: 's', messages: [{ role: 'user', content: 'x', images: [jpeg, webp] }] });
    const content = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input.messages?.[0]?.content ?? [];
    expect(content.map((block) => block.image?.format)).toEqual(['jpeg', 'webp', undefined]);
  });

  it('OpenAI-compatible: content parts [{type: image_url, image_url: {url: data URL}}, {type: text}]', async () => {
    const { fetch, bodies } = fakeFetch({ choices: [{ message: { content: 'Bonita luz.' } }] });
    const result = await createOpenAiCompatibleProvider({ baseUrl: 'http://ia.local/v1', model: 'llava', fetch }).generateText(request);
    expect(result.text).toBe('Bonita luz.');
    const messages = bodies[0]?.messages as { role: string; content: unknown }[];
    expect(messages[1]).toEqual({ role: 'user', content: 'Hola' });
    expect(messages[3]).toEqual({
      role: 'user',
      content: [
        { type: 'image_url', image_url: { url: `data:image/png;base64,${base64}` } },
        { type: 'text', text: '¿Qué te parece esta foto?' },
      ],
    });
  });

  it('Gemini: inlineData parts {mimeType, data} before the text', async () => {
    const { fetch, bodies } = fakeFetch({ candidates: [{ content: { role: 'model', parts: [{ text: 'Muy de marca.' }] }, finishReason: 'STOP' }] });
    const result = await createGeminiProvider({ apiKey: 'k', fetch }).generateText(request);
    expect(result.text).toBe('Muy de marca.');
    const contents = bodies[0]?.contents as { role: string; parts: unknown[] }[];
    expect(contents[0]).toEqual({ role: 'user', parts: [{ text: 'Hola' }] });
    expect(contents[2]).toEqual({ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: base64 } }, { text: '¿Qué te parece esta foto?' }] });
  });

  it('offline: says it cannot see images and describes only their format and size', async () => {
    const result = await offlineProvider.generateText(request);
    expect(result.offline).toBe(true);
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(result.text).toContain('No puedo ver imágenes sin un modelo de IA');
    expect(result.text).toContain(`una imagen PNG de 40×30 píxeles (${(png.byteLength / 1024).toFixed(1).replace('.', ',')} KB)`);
  });

  it('offline: no image note when the last message has none', async () => {
    const result = await offlineProvider.generateText({ system: 's', messages: [{ role: 'user', content: 'Hola' }] });
    expect(result.text).not.toContain('No puedo ver imágenes');
  });
});

describe('image-info', () => {
  it('reads PNG, JPEG (SOF0) and WEBP (VP8, VP8L, VP8X) sizes from their headers', () => {
    expect(imageInfo(photo)).toEqual({ format: 'PNG', width: 40, height: 30, bytes: png.byteLength });
    // JPEG: SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0]);
    expect(imageInfo({ bytes: jpeg, mediaType: 'image/jpeg' })).toMatchObject({ format: 'JPEG', width: 640, height: 480 });
    const riff = (chunk: string, payload: number[]) => Uint8Array.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), 0, 0, 0, 0, ...payload]);
    const vp8 = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 100, 0, 50, 0]);
    expect(imageInfo({ bytes: vp8, mediaType: 'image/webp' })).toMatchObject({ width: 100, height: 50 });
    // VP8L: signature 0x2f, then 14 bits width-1 and 14 bits height-1.
    const bits = (99 & 0x3fff) | ((49 & 0x3fff) << 14);
    const vp8l = riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff, 0]);
    expect(imageInfo({ bytes: vp8l, mediaType: 'image/webp' })).toMatchObject({ width: 100, height: 50 });
    const vp8x = riff('VP8X', [0, 0, 0, 0, 99, 0, 0, 49, 0, 0]);
    expect(imageInfo({ bytes: vp8x, mediaType: 'image/webp' })).toMatchObject({ width: 100, height: 50 });
  });

  it('describes a truncated file by format and bytes only', () => {
    expect(describeImage({ bytes: Uint8Array.from([0xff, 0xd8, 0xff]), mediaType: 'image/jpeg' })).toBe('una imagen JPEG (0,0 KB)');
  });
});
