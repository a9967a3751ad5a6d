/**
 * The publisher's PublishingFailures metric (issue 16 observability): a delivery that ends
 * failed or missed, or throws, is counted; the other outcomes are not. The engine is replaced by
 * a stub returning each outcome (its own behaviour is tested in core/publishing).
 */
import { describe, expect, it, vi } from 'vitest';
import { METRIC_NAMES } from '@director-ia/shared';
import type { PublishEventResult } from '../../../../../lambdas/core/publishing/engine';
import { useEmfCapture, withMetric } from '../../../../support/emf';

const engine = vi.hoisted(() => ({ next: async (): Promise<unknown> => ({ outcome: 'published' }) }));
vi.mock('../../../../../lambdas/core/publishing/engine', () => ({ handlePublishEvent: async () => engine.next() }));
const { handler } = await import('../../../../../lambdas/events/publisher');

const EVENT = { sub: 'u1', postId: 'p1', publicationId: 'x1', revision: 1 };
const emf = useEmfCapture();

describe('publisher metrics', () => {
  it.each(['failed', 'missed'] as const)('counts a %s publication', async (outcome) => {
    engine.next = async () => ({ outcome }) satisfies PublishEventResult;
    await handler(EVENT);
    expect(withMetric(emf.records(), METRIC_NAMES.publishingFailures)).toEqual([expect.objectContaining({ PublishingFailures: 1, outcome })]);
  });

  it.each(['published', 'unconfirmed', 'postponed', 'ignored'] as const)('does not count a %s one', async (outcome) => {
    engine.next = async () => ({ outcome }) satisfies PublishEventResult;
    await handler(EVENT);
    expect(emf.records()).toEqual([]);
  });

  it('counts an unexpected failure and rethrows it', async () => {
    engine.next = async () => Promise.reject(new Error('boom'));
    await expect(handler(EVENT)).rejects.toThrow('boom');
    expect(withMetric(emf.records(), METRIC_NAMES.publishingFailures)).toEqual([expect.objectContaining({ outcome: 'error' })]);
  });
});
