/** An approval sends the owner's text only when it differs from the suggestion (issue 14 item 2: aprobarRespuesta's optional `text`). */
import { describe, expect, it } from 'vitest';
import { approvalOf } from '../../../../../../web/src/features/inbox/useApproveSuggestion';

describe('approvalOf', () => {
  it('sends the suggestion as it is when unchanged (surrounding spaces aside)', () => {
    expect(approvalOf('m1', 'Hola, sí.', 'Hola, sí.')).toEqual({ messageId: 'm1' });
    expect(approvalOf('m1', 'Hola, sí.', '  Hola, sí.\n')).toEqual({ messageId: 'm1' });
  });

  it('sends the edit, trimmed', () => {
    expect(approvalOf('m1', 'Hola, sí.', ' Hola, sí: mañana. ')).toEqual({ messageId: 'm1', text: 'Hola, sí: mañana.' });
  });
});
