/**
 * The `openai-compatible` provider: any server speaking the OpenAI REST dialect (self-hosted
 * vLLM, llama.cpp, Ollama, LocalAI, or OpenAI itself). Base URL + optional API key + model names:
 * - Text: POST {base}/chat/completions `{model, messages: [system, ...], max_tokens, temperature?,
 *   tools?: [{type: 'function', function: {name, description, parameters}}]}` (a message with images
 *   has content parts `[{type: 'image_url', image_url: {url: data URL}}, ..., {type: 'text', text}]`) →
 *   `choices[0].message.{content, tool_calls[].function.{name, arguments}}`.
 * - JSON: the same call + parse + zod + one repair (json.ts).
 * - Embeddings: POST {base}/embeddings `{model, input: texts}` → `data[].{index, embedding}`
 *   (embed.ts, which also holds the connection).
 * - Images: POST {base}/images/generations `{model, prompt, n: 1, size?, response_format: 'b64_json'}`
 *   → `data[0].b64_json`. That endpoint takes no input image, so a reference image is ignored.
 * The API key travels only in the Authorization header (omitted when empty, for local servers).
 */
import { AI_MSG, AiConfigError, AiOutputError } from '../../errors';
import { unexpected } from '../rest';
import { base64Image, remoteProvider } from '../remote';
import { createOpenAiCompatibleEmbedder, openAiCompatibleConnection, type OpenAiCompatibleConfig } from './embed';
import { systemWithPassages } from '../../prompt-text';
import type { AiProvider, ChatMessage, ImageRequest, ImageResult, TextRequest, TextResult } from '../../types';

export type { OpenAiCompatibleConfig } from './embed';

interface ChatResponse {
  choices?: { message?: { content?: string | null; tool_calls?: { function?: { name?: string; arguments?: string } }[] } }[];
}

/**
 * A chat message in the OpenAI dialect: plain `content`, or with images a content array of
 * `image_url` parts (base64 data URLs) followed by the text part.
 */
function chatMessage(m: ChatMessage): { role: string; content: unknown } {
  if (!m.images?.length) return { role: m.role, content: m.content };
  const images = m.images.map((image) => ({ type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${Buffer.from(image.bytes).toString('base64')}` } }));
  return { role: m.role, content: [...images, { type: 'text', text: m.content }] };
}

export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): AiProvider {
  const connection = openAiCompatibleConnection(config);
  const { post, timeoutMs } = connection;
  const { embed } = createOpenAiCompatibleEmbedder(config, connection);

  async function chat(request: TextRequest): Promise<TextResult> {
    const body: Record<string, unknown> = {
      model: config.model,
      messages: [{ role: 'system', content: systemWithPassages(request.system, request.passages) }, ...request.messages.map(chatMessage)],
      max_tokens: request.maxTokens ?? 2048,
    };
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.tools?.length) {
      body.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
    }
    const json = (await post('/chat/completions', body)) as ChatResponse;
    const message = json.choices?.[0]?.message;
    if (!message) unexpected('openai-compatible', 'choices[0].message missing');
    const toolCalls = (message.tool_calls ?? []).flatMap((call) => {
      const name = call.function?.name;
      if (!name) return [];
      const args = call.function?.arguments ?? '{}';
      try {
        return [{ name, input: args.trim() ? (JSON.parse(args) as unknown) : {} }];
      } catch {
        throw new AiOutputError('openai-compatible', args, `tool ${name}: arguments are not JSON`);
      }
    });
    return { text: (message.content ?? '').trim(), toolCalls, offline: false, model: config.model };
  }

  return remoteProvider('openai-compatible', {
    generateText: chat,
    embed,

    async generateImage(request: ImageRequest): Promise<ImageResult> {
      const model = config.imageModel?.trim();
      if (!model) throw new AiConfigError(AI_MSG.missingImageModel, { provider: 'openai-compatible' });
      const body: Record<string, unknown> = { model, prompt: request.prompt, n: 1, response_format: 'b64_json' };
      if (request.width && request.height) body.size = `${Math.round(request.width)}x${Math.round(request.height)}`;
      const json = (await post('/images/generations', body, Math.max(timeoutMs, 120_000))) as { data?: { b64_json?: unknown }[] };
      const b64 = json.data?.[0]?.b64_json;
      if (typeof b64 !== 'string' || !b64) unexpected('openai-compatible', 'data[0].b64_json');
      return base64Image(b64, model);
    },
  });
}
