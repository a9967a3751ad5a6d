/** A secret field's save payload (spec 3 "Integrations"): kept → omitted, cleared → null, retyped → the new value (blank keeps it). */
import { describe, expect, it } from 'vitest';
import { secretPayload } from '../../../../../../web/src/features/settings/Fields';

describe('secretPayload', () => {
  it('omits a kept secret, nulls a cleared one and sends a retyped one', () => {
    expect(secretPayload({ kind: 'keep' })).toBeUndefined();
    expect(secretPayload({ kind: 'clear' })).toBeNull();
    expect(secretPayload({ kind: 'set', value: 'sk-123' })).toBe('sk-123');
  });

  it('keeps the stored secret when the typed value is blank', () => {
    expect(secretPayload({ kind: 'set', value: '   ' })).toBeUndefined();
  });
});
