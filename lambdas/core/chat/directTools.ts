/**
 * The chat tools that run directly, without confirmation (issue 6 item 3): they only read.
 * (crear_publicacion publishes since issue 13 item 6: it is a confirmed tool, confirmedTools.ts.)
 * - listar_leads → `listLeads` filtered to status 'Nuevo';
 * - resumir_plan → `listScheduledPosts` of the month, counted by status and listed by date.
 * Every call takes the tenant from `sub`, the verified caller the handler passes; tool inputs
 * have no uid (tools.ts), so nothing in them can point at another tenant.
 */
import { LEAD_SOURCE_LABELS, POST_STATUS_LABELS, isPostStatus, socialNetworkLabel, type ChatToolName } from '@director-ia/shared';
import { listLeads } from '../leads/leads';
import { listScheduledPosts } from '../plan/posts';
import { spanishDay, spanishMonth } from './dates';
import type { ToolInput, ValidToolCall } from './tools';

/** What a tool produced, as the chat shows it. */
export interface ToolOutcome {
  text: string;
  /** A generated image (gallery asset) to show with the text. */
  assetId?: string;
  imageUrl?: string;
  /** True when an offline renderer or writer made the result. */
  offline?: boolean;
  model?: string;
}

export const DIRECT_TOOLS = ['listar_leads', 'resumir_plan'] as const satisfies readonly ChatToolName[];
export type DirectTool = (typeof DIRECT_TOOLS)[number];

const LIST_MAX = 10;
const PLAN_MAX = 15;

async function newLeads(sub: string): Promise<ToolOutcome> {
  const found = await listLeads(sub, { status: 'Nuevo' });
  if (found.length === 0) return { text: 'No tienes leads nuevos ahora mismo.' };
  const lines = found.slice(0, LIST_MAX).map((lead) => `• ${lead.name} — ${lead.contact} (${LEAD_SOURCE_LABELS[lead.source]})`);
  const more = found.length > LIST_MAX ? [`…y ${found.length - LIST_MAX} más en Gestión de Leads.`] : [];
  const heading = found.length === 1 ? 'Tienes 1 lead nuevo:' : `Tienes ${found.length} leads nuevos:`;
  return { text: [heading, ...lines, ...more].join('\n') };
}

async function planSummary(sub: string, input: ToolInput<'resumir_plan'>, now: Date): Promise<ToolOutcome> {
  const month = input.month ?? now.toISOString().slice(0, 7);
  const posts = await listScheduledPosts(sub, month);
  if (posts.length === 0) return { text: `No hay publicaciones programadas en ${spanishMonth(month)}.` };
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.status, (counts.get(post.status) ?? 0) + 1);
  const statusLabel = (status: string) => (isPostStatus(status) ? POST_STATUS_LABELS[status] : status).toLowerCase();
  const byStatus = [...counts].map(([status, n]) => `${n} ${statusLabel(status)}`).join(', ');
  const lines = posts
    .slice(0, PLAN_MAX)
    .map((post) => `• ${spanishDay(post.scheduledDate)} · ${socialNetworkLabel(post.platform)} · «${post.title}» (${statusLabel(post.status)})`);
  const more = posts.length > PLAN_MAX ? [`…y ${posts.length - PLAN_MAX} más en el Plan de Contenidos.`] : [];
  const total = posts.length === 1 ? '1 publicación' : `${posts.length} publicaciones`;
  return { text: [`Plan de ${spanishMonth(month)}: ${total} (${byStatus}).`, ...lines, ...more].join('\n') };
}

export function isDirectTool(call: ValidToolCall): call is Extract<ValidToolCall, { tool: DirectTool }> {
  return (DIRECT_TOOLS as readonly string[]).includes(call.tool);
}

/** Runs a direct tool for `sub` (the verified caller). */
export async function runDirectTool(sub: string, call: Extract<ValidToolCall, { tool: DirectTool }>, now = new Date()): Promise<ToolOutcome> {
  switch (call.tool) {
    case 'listar_leads':
      return newLeads(sub);
    case 'resumir_plan':
      return planSummary(sub, call.input, now);
  }
}
