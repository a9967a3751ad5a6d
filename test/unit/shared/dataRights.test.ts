/** Data-rights constants and labels (issue 17 item 2, shared/dataRights.ts). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS, RETENTION_CHOICES, retentionLabel } from '../../../shared/dataRights';

describe('retention', () => {
  it('defaults to no automatic deletion (what conversations did before the setting existed)', () => {
    expect(DEFAULT_RETENTION_DAYS).toBe(0);
    expect(RETENTION_CHOICES[0]).toBe(0);
  });

  it.each([
    [0, 'Sin borrado automático'],
    [30, '30 días'],
    [180, '180 días'],
    [365, '1 año'],
    [730, '2 años'],
  ])('labels %i days as «%s»', (days, label) => {
    expect(retentionLabel(days)).toBe(label);
  });
});
