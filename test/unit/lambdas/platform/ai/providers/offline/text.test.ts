/**
 * The offline provider is honest and deterministic: texts say they were made without an AI
 * model, quote the knowledge passage that answers a paraphrased question, refuse topics to avoid,
 * call tools only on a keyword match, refuse structured JSON with a typed Spanish error.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AiOfflineUnsupportedError, AI_MSG } from '../../../../../../../lambdas/platform/ai/errors';
import { toCallableError } from '../../../../../../../lambdas/platform/callable/errors';
import { OFFLINE_PREFIX, offlineProvider } from '../../../../../../../lambdas/platform/ai/providers/offline/text';
import { knowledgeBlock, systemPromptFor } from '../../../../../../../lambdas/core/brand';
import type { BrandContext, TextRequest } from '../../../../../../../lambdas/platform/ai/types';
import { CallableError } from '@director-ia/shared';
import { BAKERY } from '../../fixtures/retrieval-es';

const brand: BrandContext = {
  brandName: 'Panadería La Espiga',
  brandPersonality: 'Cercana y artesana',
  targetAudience: 'Familias del barrio',
  keywords: 'masa madre, obrador',
  topicsToAvoid: 'política, religión',
};

const ask = (content: string, extra: Partial<TextRequest> = {}): TextRequest => ({
  system: systemPromptFor(brand, 'Responde a los clientes.'),
  messages: [{ role: 'user', content }],
  brand,
  ...extra,
});

describe('offline generateText', () => {
  it('quotes the passage that answers a paraphrased question (passages field)', async () => {
    const result = await offlineProvider.generateText(ask('¿Me lo podéis mandar a casa?', { passages: Object.values(BAKERY.passages) }));
    expect(result.offline).toBe(true);
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(result.text).toContain('sin modelo de IA');
    expect(result.text).toContain(BAKERY.passages.envios);
    expect(result.toolCalls).toEqual([]);
  });

  it('reads passages from a knowledgeBlock in the system prompt too', async () => {
    const system = `${systemPromptFor(brand, 'Responde.')}\n\n${knowledgeBlock(Object.values(BAKERY.passages))}`;
    const result = await offlineProvider.generateText({ system, messages: [{ role: 'user', content: '¿Dónde estáis?' }], brand });
    expect(result.text).toContain(BAKERY.passages.ubicacion);
  });

  it('says so when no passage is relevant, without inventing an answer', async () => {
    const result = await offlineProvider.generateText(ask('¿Vendéis entradas para el concierto?', { passages: [BAKERY.passages.pagos as string] }));
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(result.text).toContain('No he encontrado información');
    expect(result.text).not.toContain(BAKERY.passages.pagos);
  });

  it('without passages returns a labelled template with the brand settings and the request', async () => {
    const result = await offlineProvider.generateText(ask('Escribe un post sobre el pan de centeno'));
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(result.text).toContain('sin un modelo de IA');
    expect(result.text).toContain('Panadería La Espiga');
    expect(result.text).toContain('Cercana y artesana');
    expect(result.text).toContain('Escribe un post sobre el pan de centeno');
    expect(result.text).toContain('Integraciones');
  });

  it.each(['¿Qué opinas de la política local?', 'Haz un post sobre las fiestas religiosas'])('refuses a topic to avoid: %j', async (content) => {
    const result = await offlineProvider.generateText(ask(content, { passages: Object.values(BAKERY.passages) }));
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(result.text).toContain('prefiere no tratar el tema');
  });

  it('is deterministic', async () => {
    const request = ask('¿Cuánto vale el pan de masa madre?', { passages: Object.values(BAKERY.passages) });
    expect(await offlineProvider.generateText(request)).toEqual(await offlineProvider.generateText(request));
  });
});

describe('offline tool use', () => {
  const tools = [
    { name: 'crear_recordatorio', description: 'Crea un recordatorio', inputSchema: { type: 'object', properties: { texto: { type: 'string' } }, required: ['texto'] } },
    { name: 'consultarHorario', description: 'Devuelve el horario', inputSchema: { type: 'object', properties: {} } },
    { name: 'programar_publicacion', description: 'Programa un post', inputSchema: { type: 'object', properties: { fecha: { type: 'number' } }, required: ['fecha'] } },
  ];

  it.each([
    ['Crea un recordatorio para llamar al proveedor', 'crear_recordatorio', { texto: 'Crea un recordatorio para llamar al proveedor' }],
    ['¿A qué hora abrís mañana?', 'consultarHorario', {}],
  ])('%j → %s', async (content, name, input) => {
    const result = await offlineProvider.generateText(ask(content, { tools }));
    expect(result.toolCalls).toEqual([{ name, input }]);
    expect(result.text.startsWith(OFFLINE_PREFIX)).toBe(true);
  });

  it('never calls a tool whose required arguments it cannot fill honestly', async () => {
    const result = await offlineProvider.generateText(ask('Programa la publicación', { tools }));
    expect(result.toolCalls).toEqual([]);
  });

  it('calls nothing when no tool name matches', async () => {
    expect((await offlineProvider.generateText(ask('Hola, buenos días', { tools }))).toolCalls).toEqual([]);
  });
});

describe('offline generateJson', () => {
  it('throws the typed Spanish error for structured schemas', async () => {
    const promise = offlineProvider.generateJson(ask('Planifica 4 posts'), z.object({ posts: z.array(z.string()) }));
    await expect(promise).rejects.toBeInstanceOf(AiOfflineUnsupportedError);
    await expect(promise).rejects.toThrow(AI_MSG.offlineUnsupported);
    expect(AI_MSG.offlineUnsupported).toBe('El modo sin conexión no puede generar este contenido; configura un proveedor de IA en Integraciones.');
  });

  it('maps to a 501 callable error with the same message', () => {
    const mapped = toCallableError(new AiOfflineUnsupportedError());
    expect(mapped).toBeInstanceOf(CallableError);
    expect((mapped as CallableError).httpStatus).toBe(501);
    expect((mapped as CallableError).message).toBe(AI_MSG.offlineUnsupported);
  });

  it('fills a plain string schema with the labelled offline text', async () => {
    const result = await offlineProvider.generateJson(ask('Un eslogan'), z.string());
    expect(result.offline).toBe(true);
    expect(result.value.startsWith(OFFLINE_PREFIX)).toBe(true);
  });
});

describe('offline generateImage', () => {
  it('returns a labelled offline PNG', async () => {
    const result = await offlineProvider.generateImage({ prompt: 'Tarta de fresa roja' });
    expect(result).toMatchObject({ mediaType: 'image/png', offline: true, model: 'offline-png-v1' });
    expect([...result.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
