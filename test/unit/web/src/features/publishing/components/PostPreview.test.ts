/**
 * The per-network preview (issue 13 item 2), rendered to HTML: the text above the media on X,
 * below it on Instagram (folded at the feed's cut with «… más»), over it on TikTok; the title only
 * where the network shows one; a carousel counter, a grid of at most four, a video in the
 * network's frame; and under it validatePost's exact Spanish reasons, or that it can go out.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { previewShape, validatePost, type PostProblem, type SocialNetwork } from '@director-ia/shared';
import { foldText, PostPreview } from '../../../../../../../web/src/features/publishing/components/PostPreview';
import { PUBLISHING_UI } from '../../../../../../../web/src/features/publishing/labels';
import type { PreviewMedia } from '../../../../../../../web/src/features/publishing/media';

const image = (id: string): PreviewMedia => ({ id, kind: 'image', url: `https://files.example/${id}.jpg` });
const video: PreviewMedia = { id: 'v1', kind: 'video', url: 'https://files.example/v1.mp4' };

const render = (network: SocialNetwork, props: { text?: string; title?: string; media?: PreviewMedia[]; problems?: PostProblem[] | undefined; blocking?: boolean } = {}) =>
  renderToStaticMarkup(
    createElement(PostPreview, { network, text: props.text ?? 'Hola', title: props.title, media: props.media ?? [], problems: 'problems' in props ? props.problems : [], ...(props.blocking !== undefined ? { blocking: props.blocking } : {}) }),
  );

/** Where `needle` first appears in `html`. */
const at = (html: string, needle: string) => {
  const index = html.indexOf(needle);
  expect(index, needle).toBeGreaterThanOrEqual(0);
  return index;
};

describe('foldText', () => {
  it('keeps a short text whole and cuts a long one at a word boundary before the cut', () => {
    expect(foldText('Hola mundo', 125)).toEqual({ shown: 'Hola mundo', folded: false });
    expect(foldText('uno dos tres cuatro', 10)).toEqual({ shown: 'uno dos', folded: true });
    expect(foldText('abcdefghijklmnop', 10)).toEqual({ shown: 'abcdefghij', folded: true });
    expect(foldText('x'.repeat(500), null)).toEqual({ shown: 'x'.repeat(500), folded: false });
  });
});

describe('PostPreview', () => {
  it('puts the text above the media on X and below it on Instagram', () => {
    const x = render('x', { text: 'Texto de X', media: [image('a')] });
    expect(at(x, 'Texto de X')).toBeLessThan(at(x, 'a.jpg'));
    const instagram = render('instagram', { text: 'Texto de Instagram', media: [image('a')] });
    expect(at(instagram, 'a.jpg')).toBeLessThan(at(instagram, 'Texto de Instagram'));
    expect(instagram).toContain(`aria-label="${PUBLISHING_UI.preview('instagram')}"`);
  });

  it("folds a long text where the network's feed does", () => {
    const cut = previewShape('instagram').textCut ?? 0;
    const html = render('instagram', { text: `${'palabra '.repeat(40)}FINAL` });
    expect(html).toContain(PUBLISHING_UI.more);
    expect(html).not.toContain('FINAL');
    expect(cut).toBeGreaterThan(0);
  });

  it('shows the title only where the network does', () => {
    expect(render('youtube', { title: 'Título del vídeo', media: [video] })).toContain('Título del vídeo');
    expect(render('facebook', { title: 'Título del vídeo' })).not.toContain('Título del vídeo');
  });

  it("shows a carousel's count, at most four in a grid, one at a time elsewhere", () => {
    const media = ['a', 'b', 'c', 'd', 'e'].map(image);
    const carousel = render('instagram', { media });
    expect(carousel).toContain('data-layout="carousel"');
    expect(carousel).toContain(PUBLISHING_UI.mediaCount(1, 5));
    const grid = render('x', { media });
    expect(grid).toContain('data-layout="grid"');
    expect(grid.match(/<img/g)).toHaveLength(4);
    expect(grid).toContain('+1');
    const single = render('linkedin', { media });
    expect(single.match(/<img/g)).toHaveLength(1);
  });

  it("shows a video in the network's frame", () => {
    expect(render('youtube', { media: [video] })).toMatch(/<video[^>]*data-frame="1.77/);
    expect(render('tiktok', { media: [video] })).toMatch(/<video[^>]*data-frame="0.56/);
  });

  it("lists validatePost's exact reasons under the preview", async () => {
    const problems = await validatePost('instagram', { text: 'Sin imagen', media: [] });
    expect(problems.length).toBeGreaterThan(0);
    const html = render('instagram', { text: 'Sin imagen', problems });
    expect(html).toContain(`aria-label="${PUBLISHING_UI.problemsOf('instagram')}"`);
    for (const problem of problems) expect(html).toContain(problem.message);
    expect(html).not.toContain(PUBLISHING_UI.ready('instagram'));
    expect(html).toContain('data-blocking="true"');
  });

  it('shows the reasons as a note when they refuse nothing', async () => {
    const problems = await validatePost('tiktok', { text: 'Sin vídeo', media: [] });
    const html = render('tiktok', { text: 'Sin vídeo', problems, blocking: false });
    expect(html).toMatch(new RegExp(`<div role="group" class="[^"]*" data-blocking="false" aria-label="${PUBLISHING_UI.problemsOf('tiktok')}"`));
    for (const problem of problems) expect(html).toContain(problem.message);
    expect(render('tiktok', { problems, blocking: true })).not.toContain('data-blocking="false"');
  });

  it('says the post can go out when there is no problem, and that it is checking before the first answer', () => {
    expect(render('facebook', { problems: [] })).toContain(PUBLISHING_UI.ready('facebook'));
    expect(render('facebook', { problems: undefined })).toContain(PUBLISHING_UI.checking);
  });
});
