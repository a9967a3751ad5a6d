/** Posts, proposed posts, publications and gallery assets the publishing tests share. */
import type { Asset, PlannedPost, Publication, ScheduledPost } from '@director-ia/shared';

/** A publication of post 'p1' to Instagram, programado, due `dueAt`, with `overrides`. */
export function publication(overrides: Partial<Publication> = {}): Publication {
  return {
    id: 'pub-1',
    network: 'instagram',
    targetId: 'ig-1',
    targetName: 'Floristería Alba',
    state: 'programado',
    dueAt: '2026-07-14T17:00:00.000Z',
    publishedAt: null,
    url: null,
    reason: null,
    fix: null,
    privacy: 'public',
    sandbox: false,
    ...overrides,
  };
}

/** An approved post on 14 July 2026 at 19:00 (Madrid) to Instagram, with `overrides`. */
export function scheduledPost(overrides: Partial<ScheduledPost> = {}): ScheduledPost {
  return {
    id: 'p1',
    title: 'Ramos de temporada',
    content: 'Llegan los ramos de verano.',
    scheduledDate: '2026-07-14',
    time: '19:00',
    platform: 'instagram',
    status: 'aprobado',
    targets: [{ network: 'instagram' }],
    media: [],
    versions: [],
    publications: [],
    createdAt: '2026-07-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A gallery asset (an image unless told). */
export function asset(id: string, overrides: Partial<Asset> = {}): Asset {
  return {
    id,
    type: 'image',
    prompt: `Imagen ${id}`,
    createdAt: '2026-07-01T10:00:00.000Z',
    mediaType: 'image/jpeg',
    size: 200_000,
    offline: true,
    model: 'offline',
    url: `https://files.example/${id}`,
    downloadUrl: `https://files.example/${id}?download`,
    ...overrides,
  };
}

/** A proposed post on 14 July 2026 at 19:00 to Instagram, without media, with `overrides`. */
export function plannedPost(overrides: Partial<PlannedPost> = {}): PlannedPost {
  return {
    id: 'pp1',
    title: 'Ramos de temporada',
    content: 'Llegan los ramos de verano.',
    scheduledDate: '2026-07-14',
    time: '19:00',
    platform: 'instagram',
    status: 'propuesto',
    versions: [],
    media: [],
    ...overrides,
  };
}
