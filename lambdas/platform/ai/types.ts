/**
 * The AI provider interface every generator uses (architecture "AI"; issue 3 item 5). One
 * provider per brand: `offline` (local default, deterministic, never pretends to be a model),
 * `bedrock` (AWS default), `openai-compatible` (self-hosted models), `gemini` (the owner's key).
 */
import type { AiProviderId } from '@director-ia/shared';
import type { $ZodType, output } from 'zod/v4/core';

export type { AiProviderId };

/** The brand context every prompt carries (spec 3 "AI settings" + topics to avoid). */
export interface BrandContext {
  brandName?: string;
  brandPersonality?: string;
  targetAudience?: string;
  keywords?: string;
  topicsToAvoid?: string;
}

/** An image a user message carries (PNG, JPEG or WEBP by its magic bytes). */
export interface ChatImage {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /**
   * Images of a user message (the mobile chat's photo, issue 6 item 3). Providers whose models
   * take images send them (Bedrock Converse image blocks, OpenAI-compatible `image_url` data URLs,
   * Gemini `inlineData`); the offline provider cannot see them and says so, describing only their
   * format and size.
   */
  images?: ChatImage[];
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool input. */
  inputSchema: Record<string, unknown>;
}

export interface TextRequest {
  system: string;
  messages: ChatMessage[];
  brand?: BrandContext;
  /**
   * Retrieved knowledge passages the answer may use. Remote providers append them to the system
   * prompt (`knowledgeBlock`); the offline provider quotes the most relevant one.
   */
  passages?: string[];
  tools?: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
}

export interface TextResult {
  text: string;
  toolCalls: { name: string; input: unknown }[];
  /** True when the offline provider produced it: the UI labels it as such. */
  offline: boolean;
  model: string;
}

export interface ImageRequest {
  prompt: string;
  brand?: BrandContext;
  /** Optional reference/inspiration image. */
  referenceImage?: { bytes: Uint8Array; mediaType: string };
  width?: number;
  height?: number;
}

export interface ImageResult {
  bytes: Uint8Array;
  mediaType: 'image/png' | 'image/jpeg';
  offline: boolean;
  model: string;
}

export interface EmbeddingResult {
  vectors: number[][];
  /** Identifies the vector space: vectors of different models are never compared. */
  model: string;
  dimensions: number;
}

export interface AiProvider {
  readonly id: AiProviderId;
  readonly offline: boolean;
  generateText(request: TextRequest): Promise<TextResult>;
  /** Text whose answer must match `schema` (validated; repaired once, then AiOutputError). */
  generateJson<S extends $ZodType>(request: TextRequest, schema: S): Promise<{ value: output<S>; offline: boolean; model: string }>;
  generateImage(request: ImageRequest): Promise<ImageResult>;
  /** `purpose` lets asymmetric models embed queries and documents differently. */
  embed(texts: string[], purpose: 'document' | 'query'): Promise<EmbeddingResult>;
}

/** The embedding side of a provider alone: what a function that only embeds needs (embeddings.ts). */
export type AiEmbedder = Pick<AiProvider, 'id' | 'embed'>;
