/** surfaceFor: which surface each URL path opens (dashboard, widget, mobile chat). */
import { describe, expect, it } from 'vitest';
import { surfaceFor } from '../../../../../../web/src/app/entry/surface';

describe('surfaceFor', () => {
  it.each([
    ['/', { kind: 'dashboard' }],
    ['/index.html', { kind: 'dashboard' }],
    ['/widgets', { kind: 'dashboard' }],
    ['/blog/mi-cafe', { kind: 'dashboard' }],
    ['/widget/0f1e-abc_9', { kind: 'widget', uid: '0f1e-abc_9' }],
    ['/widget/0f1e-abc_9/', { kind: 'widget', uid: '0f1e-abc_9' }],
    ['/chat/1234', { kind: 'chat', uid: '1234' }],
    ['/chat/', { kind: 'chat', uid: '' }],
    ['/chat', { kind: 'chat', uid: '' }],
    ['/widget/a%20b', { kind: 'widget', uid: '' }],
    ['/widget/%E0%A4%A', { kind: 'widget', uid: '' }],
    ['/widget/abc/extra', { kind: 'dashboard' }],
  ])('%s → %j', (pathname, expected) => {
    expect(surfaceFor(pathname)).toEqual(expected);
  });
});
