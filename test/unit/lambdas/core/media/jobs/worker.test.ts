/** The soundtrack a video gets when the owner names none (issue 18): mood from whole words of its text, length of the video. */
import { describe, expect, it } from 'vitest';
import { soundtrackBriefFor } from '../../../../../../lambdas/core/media/jobs/worker';

describe('soundtrackBriefFor', () => {
  it.each([
    ['Un spa para relajarse después del trabajo', 'tranquila'],
    ['Clases de yoga al amanecer', 'tranquila'],
    ['El gran lanzamiento de la temporada', 'épica'],
    ['Una aventura por la sierra', 'épica'],
    // Words inside other words are no cue: «España», «grande», «integrante», «espacio».
    ['Visita España con nosotros', 'alegre'],
    ['Un grande de la integrante del equipo en su espacio', 'alegre'],
  ])('«%s» → %s', (text, mood) => {
    expect(soundtrackBriefFor(text, 20).mood).toBe(mood);
  });

  it('lasts the video plus a second, within the soundtrack limits', () => {
    expect(soundtrackBriefFor('x', 20.2).durationSeconds).toBe(22);
    expect(soundtrackBriefFor('x', 3).durationSeconds).toBe(10);
    expect(soundtrackBriefFor('x', 500).durationSeconds).toBe(120);
  });
});
