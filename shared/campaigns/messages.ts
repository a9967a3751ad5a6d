/**
 * Spanish messages of Campañas (issue 15) that the server sends and the page shows. The brief's
 * field messages are in ./brief.ts, the split's in ./budget.ts.
 */
import { formatEuros } from './budget';

export const CAMPAIGN_MSG = {
  campaignNotFound: 'Campaña no encontrada.',
  missingCampaign: 'Falta la campaña.',
  notEditable: 'La campaña ya está aprobada: sus publicaciones están en el calendario. Solo puedes cambiar el reparto del presupuesto, los anuncios (hasta crear el borrador en Meta) y el gasto.',
  alreadyApproved: 'Esta campaña ya está aprobada.',
  conflict: 'La campaña ha cambiado mientras tanto. Recarga la página e inténtalo de nuevo.',
  splitMismatch: 'El reparto debe tener una cifra por cada red y semana de la campaña.',
  splitTotal: (totalCents: number) => `El reparto debe sumar exactamente el presupuesto total (${formatEuros(totalCents)}).`,
  creativeNotFound: 'Ese anuncio no forma parte de la campaña.',
  creativeImageInvalid: 'La imagen del anuncio debe ser una imagen de tu galería.',
  creativeCount: 'Cada red necesita entre 2 y 3 anuncios.',
  postNotFound: 'Esa publicación no forma parte de la campaña.',
  noValidProposal: 'La IA no ha podido proponer una campaña válida. Inténtalo de nuevo.',
  spendInvalid: 'Por favor, introduce un gasto válido (0 o más euros).',
  spendFromMeta: 'El gasto de esta campaña lo informa Meta: no se puede cambiar a mano.',
  landingNotAllowed: 'La página de destino debe ser una dirección https completa, o una página de tu web en Director IA.',
  // Meta Ads draft (item 3).
  metaNotConnected: 'Conecta Facebook en Redes Sociales para crear borradores en Meta.',
  metaNoAdsPermission: 'Facebook no ha concedido el permiso de anuncios: reconecta Facebook y acepta «Gestionar anuncios».',
  metaNoAccount: 'Elige una cuenta publicitaria de Meta.',
  metaAccountNotFound: 'Esa cuenta publicitaria no está disponible con tu conexión de Facebook.',
  metaNoNetworks: 'La campaña no usa Facebook ni Instagram: no hay nada que crear en Meta.',
  metaNotApproved: 'Aprueba la campaña antes de crear el borrador en Meta.',
  metaNoImage: (network: string) => `Cada anuncio de ${network} necesita una imagen de tu galería antes de crear el borrador en Meta.`,
  metaFailed: (reason: string) => `Meta no ha aceptado el borrador: ${reason}`,
  metaCreated: 'Borrador creado en Meta, en pausa. Revísalo y lánzalo desde el Administrador de anuncios de Meta cuando quieras.',
  metaUnavailable: 'Meta no responde ahora mismo. Inténtalo de nuevo en unos minutos: lo ya creado se conserva y no se duplica.',
  metaCurrency: (currency: string) => `Esa cuenta publicitaria usa ${currency}: Director IA solo crea borradores en cuentas en euros (EUR).`,
  metaEnded: 'La campaña ya ha terminado: no se puede crear un borrador en Meta.',
  metaLocationNotFound: (name: string) => `Meta no encuentra «${name}» entre los lugares de España que se pueden segmentar. Cambia la ubicación del público.`,
  // Campaign server (CORE).
  networkNotInCampaign: 'Esa red no forma parte de la campaña.',
  audienceRepeated: 'Cada red de la campaña tiene un solo público.',
  postOutsideDates: 'Las publicaciones de la campaña deben estar entre su fecha de inicio y la de fin.',
  creativesInMeta: 'Los anuncios ya están en el borrador de Meta: cámbialos allí, en el Administrador de anuncios.',
} as const;
