/**
 * Constructor de IA's quota sentence (issue 16 finding 2): every quota in order, counts as they
 * are and uploaded bytes in whole MB.
 */
import { describe, expect, it } from 'vitest';
import { quotaSummary } from '../../../../../../web/src/features/settings/useQuotas';

describe('quotaSummary', () => {
  it('says what is left of each quota today', () => {
    const MB = 1024 * 1024;
    expect(
      quotaSummary([
        { name: 'chatTurns', limit: 200, used: 188, remaining: 12 },
        { name: 'transcriptions', limit: 30, used: 0, remaining: 30 },
        { name: 'monthlyPlans', limit: 10, used: 7, remaining: 3 },
        { name: 'campaignProposals', limit: 10, used: 10, remaining: 0 },
        { name: 'embeddedPassages', limit: 3000, used: 40, remaining: 2960 },
        { name: 'uploadBytes', limit: 500 * MB, used: 20.5 * MB, remaining: 479.5 * MB },
      ]),
    ).toBe('Hoy te quedan: 12 mensajes del chat, 30 notas de voz transcritas, 3 planes mensuales, 0 propuestas de campaña, 2960 fragmentos de documentos procesados, 479 MB subidos.');
  });
});
