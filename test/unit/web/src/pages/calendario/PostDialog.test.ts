/**
 * The post dialog's publishing rules (issue 13 item 2): what each target network would get (its
 * version or the post's text, the gallery media in order), the exact Spanish reasons from
 * validatePost that block saving — a network's problems, a media item gone from the gallery —,
 * the versions saved (only where a network's text differs), and the targets offered from the
 * connected networks.
 */
import { describe, expect, it, vi } from 'vitest';
import { PUBLICATION_MSG, PUBLISHING_MSG, validatePost } from '@director-ia/shared';
import { card, connectedFacebook } from '../../features/social/fixtures';
import { asset } from '../../features/publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { blockingChecks, followPlatform, networkDrafts, saveBlockers, targetNetworks } = await import('../../../../../../web/src/pages/calendario/PostDialog');
const { draftText, versionList, versionMap } = await import('../../../../../../web/src/pages/calendario/NetworkVersions');
const { targetGroups, toggleTarget } = await import('../../../../../../web/src/pages/calendario/TargetPicker');
const { moveItem } = await import('../../../../../../web/src/pages/calendario/MediaPicker');
const { PUBLISHING_UI } = await import('../../../../../../web/src/features/publishing');

const fields = { title: 'Ramos', content: 'Llegan los ramos de verano.', versions: {}, media: [] as string[] };

/** validatePost's answers for the drafts, as the dialog checks them before saving. */
const problemsOf = (drafts: ReturnType<typeof networkDrafts>) => Promise.all(drafts.map(async ({ network, draft }) => ({ network, problems: draft ? await validatePost(network, draft) : undefined })));

describe('networkDrafts and saveBlockers', () => {
  it('gives each network its version or the post text, with the media in order', () => {
    const drafts = networkDrafts(['x', 'instagram'], { ...fields, versions: { x: { text: 'Versión para X' } }, media: ['b', 'a'] }, [asset('a'), asset('b', { mediaType: 'video/mp4', type: 'video', size: 1000 })]);
    expect(drafts).toEqual([
      { network: 'x', draft: { text: 'Versión para X', title: 'Ramos', media: [{ kind: 'video', contentType: 'video/mp4', size: 1000 }, { kind: 'image', contentType: 'image/jpeg', size: 200_000 }] } },
      { network: 'instagram', draft: { text: fields.content, title: 'Ramos', media: [{ kind: 'video', contentType: 'video/mp4', size: 1000 }, { kind: 'image', contentType: 'image/jpeg', size: 200_000 }] } },
    ]);
  });

  it('cannot say what a post with media gets before the gallery is read', () => {
    expect(networkDrafts(['facebook'], { ...fields, media: ['a'] }, undefined)).toEqual([{ network: 'facebook', draft: undefined }]);
    expect(networkDrafts(['facebook'], fields, undefined)[0]?.draft).toEqual({ text: fields.content, title: 'Ramos', media: [] });
  });

  it("blocks saving with Instagram's exact reason for a post without media", async () => {
    const blockers = saveBlockers([], await problemsOf(networkDrafts(['facebook', 'instagram'], fields, [])));
    expect(blockers).toEqual([PUBLISHING_MSG.mediaRequired('instagram', ['image', 'video'])]);
  });

  it('blocks saving an X text over 280 weighted characters, and not its shorter version', async () => {
    const long = { ...fields, content: 'a'.repeat(300) };
    expect((await problemsOf(networkDrafts(['x'], long, [])))[0]?.problems?.map((problem) => problem.code)).toEqual(['text_too_long']);
    expect(saveBlockers([], await problemsOf(networkDrafts(['x'], { ...long, versions: { x: { text: 'Corto' } } }, [])))).toEqual([]);
  });

  it('blocks saving while a media item is no longer in the gallery', () => {
    const gallery = [asset('a'), asset('voz', { type: 'voice', mediaType: 'audio/mpeg' })];
    expect(saveBlockers(['gone'], [])).toEqual([PUBLICATION_MSG.mediaMissing]);
    expect(networkDrafts(['facebook'], { ...fields, media: ['a', 'gone'] }, gallery)[0]?.draft?.media).toHaveLength(1);
  });

  it('lists the networks of the targets once each, in order', () => {
    expect(targetNetworks([{ network: 'x' }, { network: 'facebook', targetId: 'p1' }, { network: 'x' }])).toEqual(['x', 'facebook']);
  });
});

describe('blockingChecks', () => {
  const checks = [{ network: 'facebook' as const }, { network: 'pinterest' as const }];
  it('blocks an approved post on connected networks and on those not known yet, never on one known not to be connected', () => {
    expect(blockingChecks('aprobado', checks, [connectedFacebook, card('pinterest')])).toEqual([{ network: 'facebook' }]);
    expect(blockingChecks('aprobado', checks, undefined)).toEqual(checks);
  });

  it('blocks nothing for a post that is not approved (the server checks approved posts only)', () => {
    expect(blockingChecks('propuesto', checks, [connectedFacebook, card('pinterest', { state: 'conectada' })])).toEqual([]);
  });
});

describe('followPlatform', () => {
  it("moves the default target to the new network, and keeps targets the owner picked", () => {
    expect(followPlatform([{ network: 'facebook' }], 'facebook', 'pinterest')).toEqual([{ network: 'pinterest' }]);
    expect(followPlatform([{ network: 'facebook', targetId: 'p1' }], 'facebook', 'pinterest')).toEqual([{ network: 'facebook', targetId: 'p1' }]);
    expect(followPlatform([{ network: 'facebook' }, { network: 'x' }], 'facebook', 'pinterest')).toEqual([{ network: 'facebook' }, { network: 'x' }]);
    expect(followPlatform([{ network: 'x' }], 'facebook', 'pinterest')).toEqual([{ network: 'x' }]);
  });
});

describe('versions', () => {
  it("saves only a network's text or title that differs from the post's", () => {
    const map = versionMap([
      { network: 'x', text: 'Corto' },
      { network: 'facebook', text: fields.content },
      { network: 'youtube', text: fields.content, title: 'Otro título' },
    ]);
    expect(versionList(map, fields.content, fields.title)).toEqual([
      { network: 'x', text: 'Corto' },
      { network: 'youtube', text: fields.content, title: 'Otro título' },
    ]);
    expect(draftText(map, 'youtube', fields.content, fields.title)).toEqual({ text: fields.content, title: 'Otro título' });
    expect(draftText(map, 'linkedin', fields.content, fields.title)).toEqual({ text: fields.content, title: fields.title });
  });
});

describe('targetGroups', () => {
  it("offers each connected network's selected destinations and every selected one", () => {
    const groups = targetGroups([connectedFacebook, card('x'), card('telegram', { state: 'reconectar', targets: [] })], []);
    expect(groups.map((group) => [group.network, group.note, group.options.map((option) => option.label)])).toEqual([
      ['facebook', null, [PUBLISHING_UI.allTargets, 'Página de pruebas']],
      ['telegram', 'Reconecta Telegram', [PUBLISHING_UI.allTargets]],
    ]);
    expect(groups[0]?.options[1]?.target).toEqual({ network: 'facebook', targetId: 'p1' });
  });

  it("keeps the post's targets on a network not connected or a destination no longer selected", () => {
    const groups = targetGroups([connectedFacebook], [{ network: 'instagram' }, { network: 'facebook', targetId: 'p2' }]);
    expect(groups.map((group) => [group.network, group.note, group.options.map((option) => option.label)])).toEqual([
      ['facebook', null, [PUBLISHING_UI.allTargets, 'Página de pruebas', PUBLISHING_UI.targetGone]],
      ['instagram', PUBLISHING_UI.notConnected, [PUBLISHING_UI.allTargets]],
    ]);
  });

  it('adds and removes one target', () => {
    const added = toggleTarget([{ network: 'x' }], { network: 'facebook', targetId: 'p1' }, true);
    expect(added).toEqual([{ network: 'x' }, { network: 'facebook', targetId: 'p1' }]);
    expect(toggleTarget(added, { network: 'x' }, false)).toEqual([{ network: 'facebook', targetId: 'p1' }]);
  });
});

describe('moveItem', () => {
  it('moves a media item up or down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
