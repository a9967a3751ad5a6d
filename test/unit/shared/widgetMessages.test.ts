/**
 * The widget's consent sentence (issue 17 item 2): it promises what the owner can actually do, a
 * copy of the data (exportarLead) or its erasure (eliminarLead), never a correction, and names the
 * conversation retention when the owner set one.
 */
import { describe, expect, it } from 'vitest';
import { widgetConsentText } from '../../../shared/widgetMessages';

describe('widgetConsentText', () => {
  it('names the brand, the data kept, copy and erasure on request, and no retention by default', () => {
    const text = widgetConsentText('Panadería Sol');
    expect(text).toContain('Acepto que Panadería Sol guarde mi nombre, mi contacto y esta conversación');
    expect(text).toContain('una copia de mis datos o que se borren');
    expect(text).toContain('Se guardan hasta que pida que se borren.');
    expect(text).not.toMatch(/corrij/);
  });

  it('states the retention in days when the owner set one', () => {
    expect(widgetConsentText('Panadería Sol', 90)).toContain('La conversación se borra automáticamente 90 días después de su último mensaje.');
  });
});
