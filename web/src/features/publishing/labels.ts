/**
 * The calendar's own Spanish words for publishing that PUBLICATION_MSG and PUBLISHING_MSG do not
 * carry (issue 13 items 2 and 4): the preview's and the editor's labels, the publications list's
 * headings, the accessible names of the state chips, and the tracked links' words (issue 15). Button names are their visible texts.
 */
import { PUBLICATION_STATE_LABELS, SOCIAL_NETWORK_LABELS, type PublicationState, type SocialNetwork } from '@director-ia/shared';

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];

export const PUBLISHING_UI = {
  preview: (network: SocialNetwork) => `Vista previa en ${label(network)}`,
  problemsOf: (network: SocialNetwork) => `Problemas para ${label(network)}`,
  ready: (network: SocialNetwork) => `Lista para publicarse en ${label(network)}.`,
  checking: 'Comprobando las reglas de la red...',
  /** Where a feed folds a long text. */
  more: '… más',
  /** The preview's author line (the brand's account, whatever its name on each network). */
  author: 'Tu marca',
  mediaCount: (shown: number, total: number) => `${shown}/${total}`,
  // Editor.
  targetsLegend: 'Dónde se publica',
  allTargets: 'Todos los destinos elegidos',
  notConnected: 'no conectada',
  targetGone: 'destino ya no disponible',
  noNetworks: 'No tienes ninguna red conectada. Conéctalas en Redes Sociales.',
  mediaLegend: 'Imágenes y vídeos',
  addMedia: 'Añadir de la galería',
  closeGallery: 'Cerrar la galería',
  galleryEmpty: 'Tu galería no tiene imágenes ni vídeos. Créalos en el Taller IA.',
  mediaUnavailable: 'Recurso no disponible',
  noMedia: 'Sin imágenes ni vídeos.',
  moveUp: 'Subir',
  moveDown: 'Bajar',
  remove: 'Quitar',
  add: 'Añadir',
  versionsLegend: 'Texto y vista previa por red',
  versionText: (network: SocialNetwork) => `Texto para ${label(network)}`,
  versionTitle: (network: SocialNetwork) => `Título para ${label(network)}`,
  ownVersion: 'Texto propio',
  useGeneralText: 'Usar el texto general',
  saveBlocked: 'No se puede guardar mientras una red tenga problemas:',
  // Publications list.
  publications: 'Publicaciones',
  noPublications: 'Se crearán al aprobar la publicación.',
  due: 'Programada para',
  publishedOn: 'Publicada',
  privateBadge: 'Privada',
  republishTitle: '¿Publicar de nuevo?',
  republishText: (network: SocialNetwork) => `Si en realidad sí salió en ${label(network)}, se publicará dos veces. Compruébalo antes en ${label(network)}.`,
  resolvedPublished: 'Anotado: la publicación salió.',
  chips: 'Estado por red',
  /** A state chip's accessible name: 'Instagram · Página de pruebas: Error. Instagram ya no acepta…'. */
  chip: (network: SocialNetwork, state: PublicationState, targetName: string | null, reason: string | null, sandbox: boolean) =>
    `${label(network)}${targetName ? ` · ${targetName}` : ''}: ${PUBLICATION_STATE_LABELS[state]}${sandbox ? ' (Red de pruebas)' : ''}${reason ? `. ${reason}` : ''}`,
  // Plan panel.
  edit: 'Editar',
  cancel: 'Cancelar',
  save: 'Guardar',
  /** The plan's warning: `count` posts whose connected network refuses them (the approval will be refused). */
  planHasProblems: (count: number) =>
    count === 1
      ? 'Hay 1 publicación que no puede salir tal como está: corrígela o deja que la IA la adapte antes de aprobar.'
      : `Hay ${count} publicaciones que no pueden salir tal como están: corrígelas o deja que la IA las adapte antes de aprobar.`,
  // Tracked links (issue 15 item 4): publications and blog articles.
  trackedLink: 'Enlace de seguimiento',
  copyLink: 'Copiar',
  copyLinkOf: (url: string) => `Copiar el enlace de seguimiento ${url}`,
  linkCopied: 'Enlace copiado al portapapeles.',
  linkCopyFailed: 'No se ha podido copiar el enlace.',
} as const;
