/**
 * What an owner's export holds (issue 17 item 2, lambdas/core/dataRights/contents.ts): every entity
 * of their partition as one JSON document, conversations with their messages nested, their blog
 * slug claim; no table keys, no sealed secret or hash, no knowledge chunks, no counters, nothing of
 * another owner.
 */
import { describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

const db = await useDomainEnv();
const { collectOwnerData, sanitize } = await import('../../../../../lambdas/core/dataRights/contents');
const raw = rawTableAt(db.endpoint, db.table);

describe('sanitize', () => {
  it('drops keys, ElectroDB markers, sealed values, hashes and embeddings, also nested; keeps masks', () => {
    expect(
      sanitize({ pk: 'user#u', sk: 'x', gsi1pk: 'g', gsi1sk: 'h', __edb_e__: 'e', __edb_v__: '1', name: 'Ana', apiKeySealed: 'AYADE…', apiKeyHint: '…1234', targets: [{ id: 't', accessTokenSealed: 's', pageToken: 'p' }], secretHash: 'abc', embedding: new Uint8Array([1]) }),
    ).toEqual({ name: 'Ana', apiKeyHint: '…1234', targets: [{ id: 't' }] });
  });
});

describe('collectOwnerData', () => {
  it('groups the partition by entity, nests messages, adds the slug claim and leaves out chunks, counters and others\' data', async () => {
    const [uid, other] = [uniqueSub(), uniqueSub()];
    const item = (sk: string, entity: string, values: Record<string, unknown>) => raw.put({ pk: `user#${uid}`, sk, __edb_e__: entity, __edb_v__: '1', uid, ...values });
    await item('profile', 'profile', { email: 'ana@marca.es', status: 'active' });
    await item('settings#integrations', 'integrationSettings', { gmailAddress: 'ana@gmail.com', gmailAppPasswordSealed: 'SEALED', gmailAppPasswordHint: 'mnop' });
    await item('settings#blog', 'blogSettings', { slug: `blog-${uid.slice(0, 8)}` });
    await raw.put({ pk: `slug#blog-${uid.slice(0, 8)}`, sk: 'claim', __edb_e__: 'blogSlug', __edb_v__: '1', slug: `blog-${uid.slice(0, 8)}`, ownerSub: uid });
    await item('post#2030-01-01#p1', 'scheduledPost', { id: 'p1', title: 'Primera' });
    await item('conversation#c1', 'conversation', { id: 'c1', channel: 'widget' });
    await item('convmsg#c1#m2', 'conversationMessage', { conversationId: 'c1', id: 'm2', text: 'segundo', createdAt: '2030-01-01T00:00:02Z' });
    await item('convmsg#c1#m1', 'conversationMessage', { conversationId: 'c1', id: 'm1', text: 'primero', createdAt: '2030-01-01T00:00:01Z' });
    await item('knowledge#chunk#m#d#0', 'knowledgeChunk', { text: 'trozo', embedding: new Uint8Array([1, 2]) });
    await raw.put({ pk: `user#${uid}`, sk: 'quota#generation#2030-01-01', count: 3 });
    await raw.put({ pk: `user#${other}`, sk: 'lead#x', __edb_e__: 'lead', __edb_v__: '1', uid: other, name: 'De otra marca' });

    const { files, counts } = await collectOwnerData(uid);
    expect(files.perfil).toEqual({ uid, email: 'ana@marca.es', status: 'active' });
    expect(files.integraciones).toEqual({ uid, gmailAddress: 'ana@gmail.com', gmailAppPasswordHint: 'mnop' });
    expect(files.publicaciones).toEqual([{ uid, id: 'p1', title: 'Primera' }]);
    expect(files.conversaciones).toEqual([{ uid, id: 'c1', channel: 'widget', messages: [expect.objectContaining({ text: 'primero' }), expect.objectContaining({ text: 'segundo' })] }]);
    expect(files['blog-slug']).toEqual([{ slug: `blog-${uid.slice(0, 8)}`, ownerSub: uid }]);
    expect(Object.keys(files).sort()).toEqual(['ajustes-blog', 'blog-slug', 'conversaciones', 'integraciones', 'perfil', 'publicaciones']);
    expect(counts).toMatchObject({ conversaciones: 1, publicaciones: 1 });
    expect(JSON.stringify(files)).not.toMatch(/SEALED|trozo|De otra marca/);
  });
});
