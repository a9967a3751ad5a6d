/**
 * `obtenerWidget` (public; issue 6 item 1): `{uid}` → `{brandName, greeting, consentText,
 * maxMessageLength}` of brand `uid`'s website chat; 404 with a polite Spanish message when it is
 * not an active owner; 429 over the per-IP load limit. Any bearer token is ignored.
 */
import { obtenerWidget } from '@director-ia/shared';
import { widgetInfo } from '../core/widget/info';
import { createCallable } from './lib/callable';

export const handler = createCallable(obtenerWidget, async ({ data, sourceIp }) => widgetInfo(data, sourceIp));
