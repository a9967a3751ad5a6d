/**
 * Issue 16 finding 1: a brand's widget stores at most WIDGET_DAILY_LEAD_QUOTA (env; default
 * DEFAULT_WIDGET_DAILY_LEADS) NEW leads per UTC day, against DynamoDB Local. Past the cap the
 * contact form gets 429 RESOURCE_EXHAUSTED with the Spanish message and nothing is stored; a form
 * sent again for a conversation that already has its lead still answers with that lead; other
 * brands and the next UTC day are not affected. No Gmail is configured, so no e-mail is sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WIDGET_DAILY_LEADS, WIDGET_MSG } from '@director-ia/shared';
import { uniqueSub, useDomainEnv } from '../../../../../support/domain-env';

await useDomainEnv();
const { registerWidgetLead } = await import('../../../../../../lambdas/core/widget/register');
const { sendWidgetMessage } = await import('../../../../../../lambdas/core/widget/send');
const { widgetDailyLeadQuota } = await import('../../../../../../lambdas/core/widget/limits');
const { toCallableError } = await import('../../../../../../lambdas/platform/callable/errors');
const { leads } = await import('../../../../../../lambdas/platform/db/entities/lead');
const { profiles } = await import('../../../../../../lambdas/platform/db/entities/profile');

const NOON = new Date('2025-03-09T12:00:00.000Z');
let ip = 0;
/** A fresh visitor address per call, so the per-IP limit never interferes. */
const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;

async function brand(): Promise<string> {
  const uid = uniqueSub();
  await profiles().create({ uid, email: `${uid}@marca.es`, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
  return uid;
}
const form = (uid: string, n: number, conversationId: string | null = null) => ({ uid, conversationId, name: `Visitante ${n}`, contact: `v${n}@correo.es`, consent: true as const });
const leadCount = async (uid: string) => (await leads().query.byUser({ uid }).go({ pages: 'all' })).data.length;

afterEach(() => vi.unstubAllEnvs());

describe('the daily cap on new widget leads', () => {
  it(`defaults to ${DEFAULT_WIDGET_DAILY_LEADS} and reads WIDGET_DAILY_LEAD_QUOTA`, () => {
    expect(widgetDailyLeadQuota({})).toBe(DEFAULT_WIDGET_DAILY_LEADS);
    expect(widgetDailyLeadQuota({ WIDGET_DAILY_LEAD_QUOTA: ' 7 ' })).toBe(7);
    for (const bad of ['', '-1', '2.5', 'muchos']) expect(widgetDailyLeadQuota({ WIDGET_DAILY_LEAD_QUOTA: bad })).toBe(DEFAULT_WIDGET_DAILY_LEADS);
  });

  it('refuses the next new lead with 429 and stores nothing; other brands and tomorrow go on', async () => {
    vi.stubEnv('WIDGET_DAILY_LEAD_QUOTA', '3');
    const uid = await brand();
    for (let n = 1; n <= 3; n += 1) await registerWidgetLead(form(uid, n), nextIp(), new Date(NOON.getTime() + n * 120_000));
    const refused = await registerWidgetLead(form(uid, 4), nextIp(), new Date(NOON.getTime() + 10 * 120_000)).catch((error: unknown) => error);
    expect(toCallableError(refused)).toMatchObject({ status: 'RESOURCE_EXHAUSTED', httpStatus: 429, message: WIDGET_MSG.dailyLeadLimit });
    expect(await leadCount(uid)).toBe(3);

    await registerWidgetLead(form(await brand(), 5), nextIp(), NOON);
    await registerWidgetLead(form(uid, 6), nextIp(), new Date('2025-03-10T00:00:30.000Z'));
    expect(await leadCount(uid)).toBe(4);
  });

  it("a conversation's form sent again past the cap still answers with its lead", async () => {
    vi.stubEnv('WIDGET_DAILY_LEAD_QUOTA', '1');
    const uid = await brand();
    const chat = await sendWidgetMessage({ uid, conversationId: null, message: 'Hola' }, nextIp(), NOON);
    const first = await registerWidgetLead(form(uid, 1, chat.conversationId), nextIp(), NOON);
    await expect(registerWidgetLead(form(uid, 1, chat.conversationId), nextIp(), NOON)).resolves.toEqual(first);
    await expect(registerWidgetLead(form(uid, 2), nextIp(), NOON)).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
    expect(await leadCount(uid)).toBe(1);
  });
});
