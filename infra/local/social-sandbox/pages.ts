/**
 * The sandbox's HTML pages, in Spanish and self-contained (inline CSS, images and videos from the
 * sandbox itself): the consent page of "Red de pruebas · <Network>" with Autorizar and Cancelar,
 * the error page for an invalid authorization request, the index page, and each network's feed
 * "Red de pruebas · <Network> — Publicaciones" (issue 13), and the inbox "Red de pruebas · <Network>
 * — Mensajes" of Facebook, Instagram and Telegram (issue 14), and "Red de pruebas · Facebook — Anuncios"
 * (issue 15: the campaigns created through the Marketing API). Every page says "Red de pruebas" so
 * nobody mistakes it for the real network.
 */
import { SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type SocialNetwork } from '@director-ia/shared';
import { META_PAGES, YOUTUBE_CHANNEL } from './accounts';
import type { AdCampaignView } from './ads';
import type { FeedPost } from './feed';
import type { Thread } from './inbox';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:20px 24px}
.banner{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 12px;font-size:13px;font-weight:600}
h1{font-size:20px;margin:14px 0 8px}
.account{display:flex;align-items:center;gap:12px;margin:14px 0;padding:10px;border:1px solid #e5e7eb;border-radius:8px}
.account img{width:48px;height:48px;border-radius:50%}
ul{padding-left:20px}
code{background:#f3f4f6;border-radius:4px;padding:1px 5px;font-size:13px;word-break:break-all}
.note{color:#6b7280;font-size:13px}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:18px}
button{font:inherit;border-radius:8px;padding:8px 18px;cursor:pointer;border:1px solid #d1d5db;background:#fff}
button.primary{background:#2563eb;border-color:#2563eb;color:#fff}
.error{color:#b91c1c}
main.wide{max-width:760px}
a{color:#1d4ed8}
ol.feed{list-style:none;padding:0;margin:16px 0 0}
.post{border:1px solid #e5e7eb;border-radius:10px;padding:12px 14px;margin:0 0 14px}
.post .meta{color:#4b5563;font-size:13px;display:flex;gap:8px;flex-wrap:wrap}
.post h2{font-size:16px;margin:8px 0 4px}
.post .text{white-space:pre-wrap;word-break:break-word;margin:8px 0}
.post .media{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}
.post img,.post video{max-width:100%;max-height:420px;border-radius:8px;background:#f3f4f6}
ul.networks{padding-left:20px;line-height:1.8}
form.compose{display:grid;gap:10px;margin:14px 0;padding:12px;border:1px solid #e5e7eb;border-radius:10px}
form.compose label{display:grid;gap:4px;font-size:14px}
form.compose input,form.compose select,form.compose textarea{font:inherit;padding:6px 8px;border:1px solid #d1d5db;border-radius:6px}
.notice{background:#ecfdf5;color:#065f46;border-radius:8px;padding:8px 12px}
ol.thread{list-style:none;padding:0;margin:8px 0 0}
.msg{margin:6px 0;padding:6px 10px;border-radius:8px;max-width:85%}
.msg.customer{background:#f3f4f6}
.msg.brand{background:#dbeafe;margin-left:auto}
.msg .text{margin:4px 0 0}
`;

function layout(title: string, content: string, wide = false): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main${wide ? ' class="wide"' : ''}>${content}</main></body>`,
    '</html>',
  ].join('\n');
}

const banner = (network: SocialNetwork) => `${SOCIAL_MSG.sandbox} · ${SOCIAL_NETWORK_LABELS[network]}`;

export interface ConsentView {
  network: SocialNetwork;
  appName: string;
  accountName: string;
  /** Same-origin path of the account's avatar. */
  avatarPath: string;
  scopes: string[];
  redirectUri: string;
  /** Where the form posts, and the pending consent's id. */
  action: string;
  requestId: string;
}

/** The consent page (Autorizar / Cancelar) of one network. */
export function consentPage(view: ConsentView): string {
  const label = SOCIAL_NETWORK_LABELS[view.network];
  const scopes = view.scopes.length > 0 ? `<ul>${view.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>` : '<p>Ningún permiso adicional.</p>';
  return layout(
    banner(view.network),
    [
      `<span class="banner">${escapeHtml(banner(view.network))}</span>`,
      `<h1>«${escapeHtml(view.appName)}» quiere acceder a tu cuenta de ${escapeHtml(label)}</h1>`,
      `<div class="account"><img src="${escapeHtml(view.avatarPath)}" alt=""><div><strong>${escapeHtml(view.accountName)}</strong><br><span class="note">Cuenta de la red de pruebas</span></div></div>`,
      `<p>Permisos que pide:</p>${scopes}`,
      `<p class="note">Al autorizar volverás a <code>${escapeHtml(view.redirectUri)}</code>.</p>`,
      `<p class="note">Esta página es una simulación local de ${escapeHtml(label)}: no se conecta con la red real y nada sale de este equipo.</p>`,
      `<form method="post" action="${escapeHtml(view.action)}">`,
      `<input type="hidden" name="request" value="${escapeHtml(view.requestId)}">`,
      '<div class="actions"><button type="submit" name="decision" value="cancel">Cancelar</button>',
      '<button type="submit" name="decision" value="approve" class="primary">Autorizar</button></div>',
      '</form>',
    ].join('\n'),
  );
}

/** The page for an authorization request the sandbox refuses (400, no redirect). */
export function errorPage(network: SocialNetwork, message: string): string {
  return layout(
    banner(network),
    [
      `<span class="banner">${escapeHtml(banner(network))}</span>`,
      '<h1>No se puede continuar</h1>',
      `<p class="error">${escapeHtml(message)}</p>`,
      '<p class="note">La solicitud de autorización no es válida. Cierra esta ventana y vuelve a iniciar la conexión.</p>',
    ].join('\n'),
  );
}

/** Networks with an inbox page (issue 14). */
const INBOX_PAGES: readonly SocialNetwork[] = ['facebook', 'instagram', 'telegram', 'youtube'];

/** The sandbox's own page at `/`: what it is, its networks and a link to each one's feed. */
export function indexPage(networks: readonly SocialNetwork[], counts: Partial<Record<SocialNetwork, number>> = {}): string {
  const items = networks.map((network) => {
    const count = counts[network] ?? 0;
    const inbox = INBOX_PAGES.includes(network) ? ` · <a href="/${network}/inbox">Mensajes</a>` : '';
    return `<li><a href="/${network}/feed">${escapeHtml(SOCIAL_NETWORK_LABELS[network])} — Publicaciones</a> <span class="note">(${count} ${count === 1 ? 'publicación' : 'publicaciones'})</span>${inbox}</li>`;
  });
  return layout(
    SOCIAL_MSG.sandbox,
    [
      `<span class="banner">${escapeHtml(SOCIAL_MSG.sandbox)}</span>`,
      '<h1>Simulación local de las redes sociales</h1>',
      `<p>Redes: ${networks.map((network) => escapeHtml(SOCIAL_NETWORK_LABELS[network])).join(', ')}.</p>`,
      '<p>Lo publicado en cada red:</p>',
      `<ul class="networks">${items.join('')}</ul>`,
      '<p class="note">Lo recibido se consulta en <code>/__sandbox/requests</code>; lo publicado, en <code>/__sandbox/posts</code>.</p>',
    ].join('\n'),
  );
}

const DATE_FORMAT = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Madrid' });

/** Bytes in Spanish units (`1,5 MB`). */
function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} ${units[unit]}`;
}

/** What a restricted visibility means, in Spanish. */
const VISIBILITY: Record<string, string> = {
  private: 'Privado (proyecto de la API sin verificar: YouTube deja privadas sus subidas)',
  SELF_ONLY: 'Solo yo (cliente de TikTok sin auditar: solo puede publicar en privado)',
  CONNECTIONS: 'Solo contactos',
  LOGGED_IN: 'Miembros que han iniciado sesión',
};

function mediaHtml(post: FeedPost): string {
  if (post.media.length === 0) return '';
  const items = post.media.map((item) => {
    const src = `/media/${encodeURIComponent(item.id)}`;
    if (item.type.startsWith('image/')) return `<img src="${src}" alt="Imagen publicada (${escapeHtml(byteSize(item.size))})" loading="lazy">`;
    if (item.type.startsWith('video/')) return `<video src="${src}" controls preload="metadata" aria-label="Vídeo publicado (${escapeHtml(byteSize(item.size))})"></video>`;
    return `<a href="${src}">Archivo publicado (${escapeHtml(item.type)}, ${escapeHtml(byteSize(item.size))})</a>`;
  });
  return `<div class="media">${items.join('')}</div>`;
}

function postHtml(post: FeedPost): string {
  const lines = [
    `<li class="post" id="post-${post.seq}" data-post-id="${escapeHtml(post.id)}">`,
    `<div class="meta"><strong>${escapeHtml(post.target.name)}</strong><span>·</span><time datetime="${escapeHtml(post.time)}">${escapeHtml(DATE_FORMAT.format(new Date(post.time)))}</time><span>· n.º ${post.seq}</span></div>`,
    post.title ? `<h2>${escapeHtml(post.title)}</h2>` : '',
    post.text ? `<p class="text">${escapeHtml(post.text)}</p>` : '',
    mediaHtml(post),
    post.link ? `<p class="note">Enlace: <code>${escapeHtml(post.link)}</code></p>` : '',
    post.visibility ? `<p class="note">Visibilidad: ${escapeHtml(VISIBILITY[post.visibility] ?? post.visibility)}</p>` : '',
    `<p class="note">Id: <code>${escapeHtml(post.id)}</code>${post.url ? ` · Dirección en la red: <code>${escapeHtml(post.url)}</code>` : ' · La red no da dirección pública'}</p>`,
    '</li>',
  ];
  return lines.filter((line) => line !== '').join('\n');
}

/** A network's feed page: its posts in the order received (newest last), media shown from `/media/<id>`. */
export function feedPage(network: SocialNetwork, posts: readonly FeedPost[]): string {
  const title = `${banner(network)} — Publicaciones`;
  const count = posts.length;
  return layout(
    title,
    [
      `<span class="banner">${escapeHtml(banner(network))}</span>`,
      `<h1>${escapeHtml(title)}</h1>`,
      `<p class="note">${count} ${count === 1 ? 'publicación' : 'publicaciones'}, en el orden en que llegaron (la más reciente, al final). <a href="/">Todas las redes</a></p>`,
      count === 0 ? '<p>Todavía no se ha publicado nada en esta red.</p>' : `<ol class="feed">${posts.map(postHtml).join('\n')}</ol>`,
      `<p class="note">Esta página es una simulación local de ${escapeHtml(SOCIAL_NETWORK_LABELS[network])}: nada de esto se ha publicado en la red real.</p>`,
    ].join('\n'),
    true,
  );
}

/** What the inbox page shows (issue 14). */
export interface InboxView {
  network: 'facebook' | 'instagram' | 'telegram' | 'youtube';
  threads: readonly Thread[];
  /** The network's feed (the posts, YouTube videos, a customer may comment on); empty for Telegram. */
  posts: readonly FeedPost[];
  /** Telegram: bot ids with a webhook or a conversation. */
  bots: readonly string[];
  /** After a send (`?estado=`): entregado, reintentando, sin-webhook, sin-suscripcion, sin-actualizaciones, sondeo (YouTube), error. */
  notice: string | null;
  /** Why the last send was refused. */
  error?: string;
}

const INBOX_NOTICES: Record<string, string> = {
  entregado: 'Enviado: el webhook de la aplicación lo recibió.',
  reintentando: 'Enviado, pero el webhook no respondió bien: la red lo reintentará (ver /__sandbox/deliveries).',
  'sin-webhook': 'Guardado, pero la aplicación de esta red no tiene webhook suscrito: nadie lo ha recibido.',
  'sin-suscripcion': 'Guardado, pero la página no ha suscrito la aplicación a sus webhooks (se hace al elegir la página como destino): nadie lo ha recibido.',
  'sin-actualizaciones': 'Guardado: el bot no tiene webhook; la actualización queda pendiente hasta que se configure.',
  error: 'Enviado, pero el webhook lo rechazó y la red dejó de reintentarlo.',
  sondeo: 'Comentario publicado. YouTube no envía webhooks de comentarios: el producto lo leerá en su próxima consulta (el barrido de publicaciones, cada 5 minutos; en el gemelo, cada PUBLISHING_SWEEP_INTERVAL_SECONDS).',
};

const TIME_FORMAT = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Madrid' });

function threadHtml(thread: Thread): string {
  const heading =
    thread.kind === 'comment'
      ? `Comentario de <strong>${escapeHtml(thread.customer.name)}</strong> en <code>${escapeHtml(thread.postId ?? '')}</code> · ${escapeHtml(thread.targetName)}`
      : `Conversación de <strong>${escapeHtml(thread.customer.name)}</strong> con ${escapeHtml(thread.targetName)}`;
  const messages = thread.messages.map((message) => {
    const who = message.from === 'customer' ? escapeHtml(thread.customer.name) : `${escapeHtml(thread.targetName)} (marca)`;
    return `<li class="msg ${message.from === 'customer' ? 'customer' : 'brand'}"><span class="meta">${who} · <time datetime="${escapeHtml(message.time)}">${escapeHtml(TIME_FORMAT.format(new Date(message.time)))}</time></span><p class="text">${escapeHtml(message.text)}</p></li>`;
  });
  const waiting = thread.messages.at(-1)?.from === 'customer' ? '<p class="note">Esperando la respuesta de la marca.</p>' : '';
  return `<li class="post" id="hilo-${escapeHtml(thread.id)}"><div class="meta">${heading}</div><ol class="thread">${messages.join('')}</ol>${waiting}</li>`;
}

/** "Red de pruebas · <Network> — Mensajes": write as a customer, see each thread with the brand's replies. */
export function inboxPage(view: InboxView): string {
  const { network } = view;
  const title = `${banner(network)} — Mensajes`;
  const targets =
    network === 'telegram'
      ? view.bots.map((id) => ({ id, name: `@pruebas_${id}_bot` }))
      : network === 'youtube'
        ? [{ id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title }]
        : META_PAGES.flatMap((page) => (network === 'facebook' ? [{ id: page.id, name: page.name }] : page.instagram ? [{ id: page.instagram.id, name: `@${page.instagram.username}` }] : []));
  const targetField =
    targets.length > 0
      ? `<select name="targetId" required>${targets.map((target) => `<option value="${escapeHtml(target.id)}">${escapeHtml(target.name)} (${escapeHtml(target.id)})</option>`).join('')}</select>`
      : '<input name="targetId" required inputmode="numeric" placeholder="Id del bot (el número del token)">';
  const postField =
    network === 'telegram'
      ? ''
      : network === 'youtube'
        ? `<label>Vídeo<select name="postId">${
            view.posts.length === 0
              ? '<option value="">Un vídeo de pruebas (se crea al comentar)</option>'
              : [...view.posts]
                  .reverse()
                  .map((post) => `<option value="${escapeHtml(post.id)}">Comentario en «${escapeHtml(post.title ?? post.id)}»</option>`)
                  .join('')
          }</select></label>`
        : `<label>Dónde<select name="postId"><option value="">Mensaje privado</option>${view.posts
          .map((post) => `<option value="${escapeHtml(post.id)}">Comentario en «${escapeHtml(post.text.slice(0, 40) || post.id)}» (${escapeHtml(post.target.name)})</option>`)
          .join('')}</select></label>`;
  const notice = view.notice ? `<p class="notice">${escapeHtml(INBOX_NOTICES[view.notice] ?? '')}</p>` : '';
  const count = view.threads.length;
  return layout(
    title,
    [
      `<span class="banner">${escapeHtml(banner(network))}</span>`,
      `<h1>${escapeHtml(title)}</h1>`,
      network === 'youtube'
        ? '<p class="note">Comenta un vídeo como si fueras un cliente: YouTube no avisa por webhook; el producto lee los comentarios con la API de YouTube.</p>'
        : '<p class="note">Escribe como si fueras un cliente: lo que envíes llega al webhook de la aplicación como lo enviaría la red.</p>',
      notice,
      view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : '',
      `<form method="post" action="/${network}/inbox" class="compose">`,
      `<label>${network === 'telegram' ? 'Bot' : network === 'facebook' ? 'Página' : network === 'youtube' ? 'Canal' : 'Cuenta'}${targetField}</label>`,
      '<label>Tu nombre (cliente)<input name="customerName" required maxlength="80" value="Cliente de pruebas"></label>',
      postField,
      `<label>${network === 'youtube' ? 'Comentario' : 'Mensaje'}<textarea name="text" required maxlength="4096" rows="3"></textarea></label>`,
      '<div class="actions"><button type="submit" class="primary">Enviar</button></div>',
      '</form>',
      `<h2>Conversaciones (${count})</h2>`,
      `<p class="note"><a href="/${network}/inbox">Actualizar</a> para ver las respuestas de la marca. <a href="/${network}/feed">Publicaciones</a> · <a href="/">Todas las redes</a></p>`,
      count === 0 ? '<p>Todavía no hay mensajes.</p>' : `<ol class="feed">${[...view.threads].reverse().map(threadHtml).join('\n')}</ol>`,
      `<p class="note">Esta página es una simulación local de ${escapeHtml(SOCIAL_NETWORK_LABELS[network])}: nada de esto pasa en la red real.</p>`,
    ].join('\n'),
    true,
  );
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
const AD_STATUS: Record<string, string> = { PAUSED: 'En pausa', ACTIVE: 'Activa' };
const adStatus = (status: string) => `<strong>${escapeHtml(AD_STATUS[status] ?? status)}</strong>`;

function adsetHtml(adset: AdCampaignView['adsets'][number]): string {
  const budget = adset.dailyBudget === undefined ? `${euros(adset.lifetimeBudget ?? 0)} en total` : `${euros(adset.dailyBudget)} al día`;
  const schedule = `${escapeHtml(adset.startTime?.slice(0, 16).replace('T', ' ') ?? '')}${adset.endTime ? ` → ${escapeHtml(adset.endTime.slice(0, 16).replace('T', ' '))}` : ''} (UTC)`;
  const ads = adset.ads.map((ad) => {
    const link = (ad.creative?.objectStorySpec.link_data ?? {}) as { link?: unknown; message?: unknown };
    const message = typeof link.message === 'string' ? `<div class="text">${escapeHtml(link.message)}</div>` : '';
    const url = typeof link.link === 'string' ? ` · <code>${escapeHtml(link.link)}</code>` : '';
    return `<li>Anuncio «${escapeHtml(ad.name)}» · ${adStatus(ad.status)}${url}${message}</li>`;
  });
  return [
    `<li>Conjunto «${escapeHtml(adset.name)}» · ${adStatus(adset.status)} · ${escapeHtml(budget)} · ${schedule}`,
    `<div class="note">Segmentación: <code>${escapeHtml(JSON.stringify(adset.targeting))}</code></div>`,
    ads.length > 0 ? `<ul>${ads.join('')}</ul>` : '<div class="note">Sin anuncios.</div>',
    '</li>',
  ].join('');
}

/** "Red de pruebas · Facebook — Anuncios" (issue 15): every campaign, oldest first, with its ad sets and ads. */
export function adsPage(campaigns: readonly AdCampaignView[]): string {
  const title = `${banner('facebook')} — Anuncios`;
  const items = campaigns.map((campaign) =>
    [
      '<li class="post">',
      `<div class="meta"><span>Campaña ${escapeHtml(campaign.id)}</span><span>${escapeHtml(campaign.objective)}</span>${adStatus(campaign.status)}</div>`,
      `<h2>${escapeHtml(campaign.name)}</h2>`,
      campaign.adsets.length > 0 ? `<ul>${campaign.adsets.map(adsetHtml).join('')}</ul>` : '<p class="note">Sin conjuntos de anuncios.</p>',
      '</li>',
    ].join(''),
  );
  return layout(
    title,
    [
      `<span class="banner">${escapeHtml(banner('facebook'))}</span>`,
      `<h1>${escapeHtml(title)}</h1>`,
      `<p class="note">Campañas creadas con la API de Marketing, en el orden en que llegaron. <a href="/">Todas las redes</a></p>`,
      items.length === 0 ? '<p>Todavía no se ha creado ninguna campaña.</p>' : `<ol class="feed">${items.join('\n')}</ol>`,
      '<p class="note">Esta página es una simulación local de Meta Ads: ninguna campaña se ha creado en la red real y nada se ha cobrado.</p>',
    ].join('\n'),
    true,
  );
}
