/**
 * The mobile chat's tool executors run with the owner's identity only (issue 6 item 3): the
 * tenant is the `sub` the handler verified; tool inputs are parsed with schemas that have no uid,
 * so a model (or a stored action) naming another uid changes nothing. The core functions the
 * tools call are replaced by spies here; their own behaviour is tested with them. crear_publicacion
 * publishes (issue 13 item 6): it is a confirmed tool that schedules the post as 'aprobado'.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../lambdas/core/leads/leads', () => ({ listLeads: vi.fn() }));
vi.mock('../../../../../lambdas/core/plan/posts', () => ({ createScheduledPost: vi.fn(), listScheduledPosts: vi.fn() }));
vi.mock('../../../../../lambdas/core/generation/image', () => ({ generateImage: vi.fn() }));
vi.mock('../../../../../lambdas/core/blog/draft', () => ({ draftArticle: vi.fn() }));

const { listLeads } = await import('../../../../../lambdas/core/leads/leads');
const { createScheduledPost, listScheduledPosts } = await import('../../../../../lambdas/core/plan/posts');
const { generateImage } = await import('../../../../../lambdas/core/generation/image');
const { draftArticle } = await import('../../../../../lambdas/core/blog/draft');
const { runDirectTool, isDirectTool } = await import('../../../../../lambdas/core/chat/directTools');
const { runConfirmedTool, isConfirmedTool, CONFIRMED_TOOLS } = await import('../../../../../lambdas/core/chat/confirmedTools');
const { parseToolCall, needsConfirmation, proposalText, toolSpecs, TOOL_INPUT_SCHEMAS } = await import('../../../../../lambdas/core/chat/tools');
const { CHAT_TOOL_NAMES, CHAT_TOOLS_NEEDING_CONFIRMATION } = await import('@director-ia/shared');

const OWNER = 'owner-sub-1111';
const OTHER = 'other-sub-2222';
const NOW = new Date('2026-06-10T10:00:00Z');

function parsed(name: string, input: unknown) {
  const call = parseToolCall({ name, input }, CHAT_TOOL_NAMES);
  if (!call) throw new Error(`${name} did not parse`);
  return call;
}

beforeEach(() => {
  vi.mocked(listLeads).mockReset().mockResolvedValue([]);
  vi.mocked(createScheduledPost).mockReset();
  vi.mocked(listScheduledPosts).mockReset().mockResolvedValue([]);
  vi.mocked(generateImage).mockReset();
  vi.mocked(draftArticle).mockReset();
});

describe('tool inputs', () => {
  it('offers no tool an input field for a uid', () => {
    for (const spec of toolSpecs(CHAT_TOOL_NAMES)) {
      expect(JSON.stringify(spec.inputSchema)).not.toMatch(/uid|sub|user/i);
    }
    for (const schema of Object.values(TOOL_INPUT_SCHEMAS)) expect(Object.keys(schema._zod.def.shape)).not.toContain('uid');
  });

  it('drops a uid (or any unknown key) the model adds', () => {
    expect(parseToolCall({ name: 'generar_imagen', input: { prompt: 'Un faro', uid: OTHER, sub: OTHER } }, CHAT_TOOL_NAMES)).toEqual({ tool: 'generar_imagen', input: { prompt: 'Un faro' } });
    expect(parseToolCall({ name: 'listar_leads', input: { uid: OTHER } }, CHAT_TOOL_NAMES)).toEqual({ tool: 'listar_leads', input: {} });
  });

  it('refuses unknown or unregistered tools and inputs that break the schema', () => {
    expect(parseToolCall({ name: 'borrar_todo', input: {} }, CHAT_TOOL_NAMES)).toBeNull();
    expect(parseToolCall({ name: 'generar_imagen', input: { prompt: 'x' } }, ['listar_leads'])).toBeNull();
    expect(parseToolCall({ name: 'generar_imagen', input: { prompt: '   ' } }, CHAT_TOOL_NAMES)).toBeNull();
    expect(parseToolCall({ name: 'crear_publicacion', input: { title: 't', content: 'c', scheduledDate: '2026-02-30', platform: 'instagram' } }, CHAT_TOOL_NAMES)).toBeNull();
    expect(parseToolCall({ name: 'crear_publicacion', input: { title: 't', content: 'c', scheduledDate: '2026-07-01', platform: 'myspace' } }, CHAT_TOOL_NAMES)).toBeNull();
    expect(parseToolCall({ name: 'resumir_plan', input: { month: '2026-13' } }, CHAT_TOOL_NAMES)).toBeNull();
    expect(parseToolCall({ name: 'generar_imagen', input: 'texto' }, CHAT_TOOL_NAMES)).toBeNull();
  });

  it('asks for confirmation exactly for the tools that spend or publish', () => {
    expect(CHAT_TOOL_NAMES.filter(needsConfirmation)).toEqual(['generar_imagen', 'crear_publicacion', 'redactar_articulo', 'crear_video', 'crear_musica']);
    expect(CHAT_TOOLS_NEEDING_CONFIRMATION).toEqual(['generar_imagen', 'crear_publicacion', 'redactar_articulo', 'crear_video', 'crear_musica']);
    expect(CONFIRMED_TOOLS).toEqual(CHAT_TOOLS_NEEDING_CONFIRMATION);
  });

  it('fills a soundtrack request with the defaults and proposes video and music in Spanish (issue 18 item 4)', () => {
    const music = parseToolCall({ name: 'crear_musica', input: { mood: 'épica', uid: 'otro' } }, CHAT_TOOL_NAMES);
    expect(music).toEqual({ tool: 'crear_musica', input: { mood: 'épica' } });
    expect(proposalText(music as never)).toBe('¿Compongo una banda sonora épica, pop, 110 bpm, de 30 segundos?\nUsará una de tus generaciones diarias.');
    expect(parseToolCall({ name: 'crear_musica', input: { mood: 'alegre', tempo: 400 } }, CHAT_TOOL_NAMES)).toBeNull();
    const video = parseToolCall({ name: 'crear_video', input: { brief: 'La nueva terraza', format: 'horizontal' } }, CHAT_TOOL_NAMES);
    expect(proposalText(video as never)).toContain('horizontal (1920×1080)');
    expect(parseToolCall({ name: 'crear_video', input: { brief: 'x', format: 'cuadrado' } }, CHAT_TOOL_NAMES)).toBeNull();
  });

  it('takes an optional local time for a post, and refuses an impossible one', () => {
    const post = { title: 't', content: 'c', scheduledDate: '2026-07-01', platform: 'x' };
    expect(parseToolCall({ name: 'crear_publicacion', input: { ...post, time: '08:15' } }, CHAT_TOOL_NAMES)).toEqual({ tool: 'crear_publicacion', input: { ...post, time: '08:15' } });
    expect(parseToolCall({ name: 'crear_publicacion', input: { ...post, time: '25:00' } }, CHAT_TOOL_NAMES)).toBeNull();
  });

  it('asks before scheduling a post, with its network, date and time (the network\'s default when none)', () => {
    const call = parsed('crear_publicacion', { title: 'Verano', content: 'Texto del post', scheduledDate: '2026-07-01', platform: 'instagram' });
    if (call.tool !== 'crear_publicacion') throw new Error('wrong tool');
    expect(proposalText(call)).toBe('¿Programo esta publicación en Instagram para el 1 de julio de 2026 a las 19:00?\n«Verano»\n\nTexto del post\n\nSe publicará automáticamente a esa hora.');
    expect(proposalText({ ...call, input: { ...call.input, time: '08:15' } })).toContain('a las 08:15?');
  });
});

describe('direct tools run as the verified caller', () => {
  it('no longer runs crear_publicacion directly: it publishes, so it is confirmed first', () => {
    expect(isDirectTool(parsed('crear_publicacion', { title: 'Verano', content: 'Texto', scheduledDate: '2026-07-01', platform: 'x' }))).toBe(false);
  });

  it('listar_leads lists the caller\'s new leads', async () => {
    vi.mocked(listLeads).mockResolvedValue([
      { id: '1', name: 'Ana', contact: 'ana@example.com', contactType: 'email', source: 'widget', status: 'Nuevo', consentText: '', consentAt: '', createdAt: '', updatedAt: '' },
    ]);
    const call = parsed('listar_leads', { uid: OTHER });
    if (!isDirectTool(call)) throw new Error('not direct');
    const outcome = await runDirectTool(OWNER, call, NOW);
    expect(listLeads).toHaveBeenCalledExactlyOnceWith(OWNER, { status: 'Nuevo' });
    expect(outcome.text).toBe('Tienes 1 lead nuevo:\n• Ana — ana@example.com (Widget web)');
  });

  it('resumir_plan summarises the caller\'s month (the current one by default)', async () => {
    vi.mocked(listScheduledPosts).mockResolvedValue([
      { id: 'a', title: 'Rebajas', content: '', scheduledDate: '2026-06-12', time: '13:00', platform: 'facebook', status: 'aprobado', targets: [], media: [], versions: [], publications: [], createdAt: '', updatedAt: '' },
      { id: 'b', title: 'Nueva carta', content: '', scheduledDate: '2026-06-20', time: '19:00', platform: 'instagram', status: 'propuesto', targets: [], media: [], versions: [], publications: [], createdAt: '', updatedAt: '' },
    ]);
    const call = parsed('resumir_plan', { uid: OTHER });
    if (!isDirectTool(call)) throw new Error('not direct');
    const outcome = await runDirectTool(OWNER, call, NOW);
    expect(listScheduledPosts).toHaveBeenCalledExactlyOnceWith(OWNER, '2026-06');
    expect(outcome.text.split('\n')).toEqual([
      'Plan de junio de 2026: 2 publicaciones (1 aprobado, 1 propuesto).',
      '• 12 de junio de 2026 · Facebook · «Rebajas» (aprobado)',
      '• 20 de junio de 2026 · Instagram · «Nueva carta» (propuesto)',
    ]);
  });
});

describe('confirmed tools run as the verified caller', () => {
  it('crear_publicacion schedules the post for the caller only (status aprobado, the network\'s time) and says when and where', async () => {
    vi.mocked(createScheduledPost).mockResolvedValue({ id: 'p', title: 'Verano', content: 'Texto', scheduledDate: '2026-07-01', time: '19:00', platform: 'instagram', status: 'aprobado', targets: [{ network: 'instagram' }], media: [], versions: [], publications: [], createdAt: '', updatedAt: '' });
    const call = parsed('crear_publicacion', { uid: OTHER, title: 'Verano', content: 'Texto', scheduledDate: '2026-07-01', platform: 'instagram' });
    if (!isConfirmedTool(call)) throw new Error('not confirmed');
    const outcome = await runConfirmedTool(OWNER, call, NOW);
    expect(createScheduledPost).toHaveBeenCalledExactlyOnceWith(OWNER, { title: 'Verano', content: 'Texto', scheduledDate: '2026-07-01', time: '19:00', platform: 'instagram', status: 'aprobado' }, NOW);
    expect(outcome.text).toBe('He programado «Verano» en Instagram para el 1 de julio de 2026 a las 19:00. Se publicará automáticamente; la tienes en el Plan de Contenidos como Aprobado.');
  });

  it('crear_publicacion keeps the time asked for', async () => {
    vi.mocked(createScheduledPost).mockResolvedValue({ id: 'p', title: 'Noche', content: 'Texto', scheduledDate: '2026-07-02', time: '22:30', platform: 'x', status: 'aprobado', targets: [{ network: 'x' }], media: [], versions: [], publications: [], createdAt: '', updatedAt: '' });
    const call = parsed('crear_publicacion', { title: 'Noche', content: 'Texto', scheduledDate: '2026-07-02', time: '22:30', platform: 'x' });
    if (!isConfirmedTool(call)) throw new Error('not confirmed');
    const outcome = await runConfirmedTool(OWNER, call, NOW);
    expect(vi.mocked(createScheduledPost).mock.calls[0]?.[1]).toMatchObject({ time: '22:30', status: 'aprobado' });
    expect(outcome.text).toContain('a las 22:30');
  });

  it('generar_imagen generates into the caller\'s gallery (the Taller generator, its quota)', async () => {
    vi.mocked(generateImage).mockResolvedValue({ imageUrl: 'https://s3/img.png', assetId: 'asset1', offline: true, model: 'offline-png-v1' });
    const call = parsed('generar_imagen', { prompt: 'Un faro al amanecer', uid: OTHER });
    if (!isConfirmedTool(call)) throw new Error('not confirmed');
    const outcome = await runConfirmedTool(OWNER, call, NOW);
    expect(generateImage).toHaveBeenCalledExactlyOnceWith(OWNER, { prompt: 'Un faro al amanecer', imageBase64: null }, NOW);
    expect(outcome).toMatchObject({ assetId: 'asset1', offline: true, model: 'offline-png-v1' });
  });

  it('redactar_articulo drafts in the caller\'s blog, as the owner\'s request', async () => {
    vi.mocked(draftArticle).mockResolvedValue({ title: 'Aceites', summary: 'Resumen', offline: true, model: 'offline' } as never);
    const call = parsed('redactar_articulo', { topic: 'aceites', uid: OTHER });
    if (!isConfirmedTool(call)) throw new Error('not confirmed');
    const outcome = await runConfirmedTool(OWNER, call, NOW);
    expect(draftArticle).toHaveBeenCalledExactlyOnceWith(OWNER, { topic: 'aceites', origin: 'owner' }, NOW);
    expect(outcome.text).toContain('«Aceites»');
  });
});
