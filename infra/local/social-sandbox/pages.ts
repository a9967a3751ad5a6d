/**
 * The sandbox's HTML pages, in Spanish and self-contained (inline CSS, images from the sandbox
 * itself): the consent page of "Red de pruebas · <Network>" with Autorizar and Cancelar, the error
 * page for an invalid authorization request, and the index page. Every page says "Red de pruebas"
 * so nobody mistakes it for the real network.
 */
import { SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type SocialNetwork } from '@director-ia/shared';

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
`;

function layout(title: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main>${content}</main></body>`,
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

/** The sandbox's own page at `/`: what it is and which networks it serves. */
export function indexPage(networks: readonly SocialNetwork[]): string {
  return layout(
    SOCIAL_MSG.sandbox,
    [
      `<span class="banner">${escapeHtml(SOCIAL_MSG.sandbox)}</span>`,
      '<h1>Simulación local de las redes sociales</h1>',
      `<p>Redes: ${networks.map((network) => escapeHtml(SOCIAL_NETWORK_LABELS[network])).join(', ')}.</p>`,
      '<p class="note">Lo recibido se consulta en <code>/__sandbox/requests</code>.</p>',
    ].join('\n'),
  );
}
