/**
 * The brand a public widget request names (issue 6 item 1): the `uid` of the body must be an
 * existing owner whose account is active (or an admin); anything else is 404 NOT_FOUND with the
 * polite Spanish "no disponible" message, the same whether the uid is unknown or pending, so the
 * widget reveals nothing about accounts. Its public face: the name (Constructor de IA, or a
 * neutral fallback) and the brand context its assistant speaks with.
 */
import { widgetBrandName, WIDGET_MSG } from '@director-ia/shared';
import type { BrandContext } from '../../platform/ai/types';
import { profiles } from '../../platform/db/entities/profile';
import { NotFoundError } from '../../platform/errors';
import { readBrandContext } from '../settings/aiSettings';

export interface WidgetBrand {
  uid: string;
  /** The name the widget shows and the consent sentence names. */
  name: string;
  context: BrandContext;
}

/** Brand `uid` if its owner is active, else NOT_FOUND (see the module header). */
export async function readWidgetBrand(uid: string): Promise<WidgetBrand> {
  const { data } = await profiles().get({ uid }).go({ attributes: ['status', 'isAdmin'] });
  if (!data || !(data.status === 'active' || data.isAdmin)) throw new NotFoundError(WIDGET_MSG.notAvailable);
  const context = await readBrandContext(uid);
  return { uid, name: widgetBrandName(context.brandName), context };
}
