/**
 * The admin panel's e-mail cell (web/src/pages/admin/AdminPage.tsx; issue 16 finding 6): a
 * self-registered address nobody proved shows "sin verificar"; invited users and profiles from
 * before the flag show none.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { UserSummary } from '@director-ia/shared';
import { UserEmail } from '../../../../../../web/src/pages/admin/AdminPage';

const user: UserSummary = { uid: 'u1', email: 'ana@example.es', status: 'pending', isAdmin: false, createdAt: '2026-05-05T10:00:00Z' };
const render = (summary: UserSummary) => renderToStaticMarkup(createElement(UserEmail, { user: summary }));

describe('UserEmail', () => {
  it('marks an unproved self-registered address', () => {
    expect(render({ ...user, emailVerified: false })).toMatch(/ana@example\.es<\/span><span[^>]*>sin verificar<\/span>/);
  });

  it('shows no mark for a proved or unflagged address', () => {
    expect(render(user)).not.toContain('sin verificar');
    expect(render({ ...user, emailVerified: true })).not.toContain('sin verificar');
  });
});
