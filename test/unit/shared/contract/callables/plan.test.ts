/**
 * The Plan de Contenidos payloads' post time (shared/contract/callables/plan.ts; issue 13 item 1):
 * `guardarPublicacion` takes an optional 'HH:mm' (24 h) — omitted keeps the post's time, the shape
 * spec 3's callers send — and refuses any other spelling with the Spanish message.
 */
import { describe, expect, it } from 'vitest';
import { guardarPublicacion, TIME_MSG } from '@director-ia/shared';

const edit = { id: 'p1', title: 'Título', content: 'Texto', scheduledDate: '2031-03-05', platform: 'instagram' };

describe('guardarPublicacion time', () => {
  it('is optional, and kept as HH:mm', () => {
    expect(guardarPublicacion.input.parse(edit)).toEqual(edit);
    expect(guardarPublicacion.input.parse({ ...edit, time: '00:00' })).toEqual({ ...edit, time: '00:00' });
    expect(guardarPublicacion.input.parse({ ...edit, time: '23:59' })).toEqual({ ...edit, time: '23:59' });
  });

  it.each(['24:00', '9:00', '19:00:00', '19h', '', 1900, null])('refuses %j in Spanish', (time) => {
    const result = guardarPublicacion.input.safeParse({ ...edit, time });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TIME_MSG.timeInvalid);
  });
});
