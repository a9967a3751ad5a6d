/** Knowledge uploads: the document id is the first 20 characters of the key's last segment; the rules are the shared 'knowledge' ones. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { documentIdOfKey, knowledgeFileProblem } = await import('../../../../../../web/src/features/knowledge/uploadDocument');

describe('documentIdOfKey', () => {
  it('reads the id from users/<sub>/knowledge/<id>-<name>', () => {
    expect(documentIdOfKey('users/u1/knowledge/01HZX3ABCDEFGHJKMNPQ-informe final.pdf')).toBe('01HZX3ABCDEFGHJKMNPQ');
  });

  it('is empty for a key without that segment', () => {
    expect(documentIdOfKey('users/u1')).toBe('');
  });
});

describe('knowledgeFileProblem', () => {
  it('accepts a PDF and gives a Spanish reason for an executable', () => {
    expect(knowledgeFileProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(knowledgeFileProblem({ name: 'a.exe', type: 'application/x-msdownload', size: 10 })).toMatch(/\S/);
  });
});
