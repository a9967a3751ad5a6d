/**
 * The callable functions: name, access level, payload and result schemas (architecture
 * "callable contract"). `POST /api/<name>` with `{data}` → `{result}`. Adding a function here
 * makes the twin route it, the CDK stack deploy it and the access-matrix test cover it.
 * Definitions live per bounded context in ./callables/.
 */
import type * as z from 'zod/mini';
import { aprobarUsuario, concederAdmin, guardarTema, listarAuditoria, listarUsuarios, obtenerPerfil, reactivarUsuario, rechazarUsuario, retirarAdmin, suspenderUsuario } from './callables/accounts';
import { eliminarDocumento, listarDocumentos } from './callables/knowledge';
import { guardarAjustesBlog, guardarAjustesIA, guardarIntegraciones, obtenerAjustesBlog, obtenerAjustesIA, obtenerIntegraciones } from './callables/settings';
import { solicitarSubida } from './callables/uploads';
import { generarImagen } from './callables/image';
import { eliminarRecurso, listarRecursos } from './callables/assets';
import { obtenerCuotas } from './callables/quotas';
import { estadoVideo, generarIdentidad, iniciarVideo, obtenerCapacidades } from './callables/identity';
import { enviarMensajeWidget, obtenerWidget, registrarLeadWidget } from './callables/widget';
import { confirmarAccionChat, enviarMensajeChat, listarMensajesChat } from './callables/chat';
import { aprobarPlan, editarPropuesta, eliminarPublicacion, generarPlanMensual, guardarPublicacion, listarPublicaciones, rechazarPlan } from './callables/plan';
import { adaptarPublicacion, publicarAhora, resolverPublicacion } from './callables/publishing';
import { actualizarLead, eliminarLead, listarLeads, obtenerConversacion } from './callables/leads';
import { aprobarRespuesta, descartarRespuesta, guardarReglasBandeja, listarConversaciones, obtenerReglasBandeja, responderConversacion, verConversacion } from './callables/inbox';
import { eliminarArticulo, generarArticulo, guardarArticulo, listarArticulos, publicarArticulo } from './callables/blog';
import { aprobarCampana, crearBorradorMeta, editarCampana, eliminarCampana, generarCampana, guardarGastoCampana, listarCampanas, listarCuentasPublicitarias, obtenerCifrasMes, verCampana } from './callables/campaigns';
import { eliminarCuenta, exportarLead, guardarRetencion, obtenerMisDatos, solicitarExportacion } from './callables/dataRights';
import { crearBandaSonora, crearVideo, estadoRender, listarRenders, proponerGuion } from './callables/media';
import { completarOAuth, conectarTelegram, desconectarRed, elegirDestinos, initiateOAuth, listarRedes } from './callables/social';

export { define, Empty, type CallableDefinition } from './define';
export * from './callables/accounts';
export * from './callables/settings';
export * from './callables/knowledge';
export * from './callables/uploads';
export * from './callables/image';
export * from './callables/assets';
export * from './callables/identity';
export * from './callables/widget';
export * from './callables/chat';
export * from './callables/plan';
export * from './callables/publishing';
export * from './callables/leads';
export * from './callables/inbox';
export * from './callables/blog';
export * from './callables/social';
export * from './callables/campaigns';
export * from './callables/quotas';
export * from './callables/dataRights';
export * from './callables/media';

/** Every callable by name. */
export const CALLABLES = {
  proponerGuion,
  crearBandaSonora,
  crearVideo,
  estadoRender,
  listarRenders,
  solicitarExportacion,
  obtenerMisDatos,
  guardarRetencion,
  eliminarCuenta,
  exportarLead,
  obtenerPerfil,
  guardarTema,
  listarUsuarios,
  aprobarUsuario,
  rechazarUsuario,
  suspenderUsuario,
  reactivarUsuario,
  concederAdmin,
  retirarAdmin,
  listarAuditoria,
  solicitarSubida,
  listarDocumentos,
  eliminarDocumento,
  obtenerAjustesIA,
  guardarAjustesIA,
  obtenerCuotas,
  obtenerIntegraciones,
  guardarIntegraciones,
  obtenerAjustesBlog,
  guardarAjustesBlog,
  generarImagen,
  listarRecursos,
  eliminarRecurso,
  generarIdentidad,
  obtenerCapacidades,
  iniciarVideo,
  estadoVideo,
  obtenerWidget,
  enviarMensajeWidget,
  registrarLeadWidget,
  enviarMensajeChat,
  listarMensajesChat,
  confirmarAccionChat,
  listarLeads,
  actualizarLead,
  eliminarLead,
  obtenerConversacion,
  listarConversaciones,
  verConversacion,
  responderConversacion,
  aprobarRespuesta,
  descartarRespuesta,
  obtenerReglasBandeja,
  guardarReglasBandeja,
  listarPublicaciones,
  guardarPublicacion,
  eliminarPublicacion,
  generarPlanMensual,
  aprobarPlan,
  rechazarPlan,
  editarPropuesta,
  publicarAhora,
  resolverPublicacion,
  adaptarPublicacion,
  listarArticulos,
  generarArticulo,
  guardarArticulo,
  publicarArticulo,
  eliminarArticulo,
  listarRedes,
  initiateOAuth,
  completarOAuth,
  conectarTelegram,
  elegirDestinos,
  desconectarRed,
  listarCampanas,
  verCampana,
  generarCampana,
  editarCampana,
  aprobarCampana,
  eliminarCampana,
  guardarGastoCampana,
  listarCuentasPublicitarias,
  crearBorradorMeta,
  obtenerCifrasMes,
} as const;

export type CallableName = keyof typeof CALLABLES;
export const CALLABLE_NAMES = Object.keys(CALLABLES) as CallableName[];
export type CallableInput<N extends CallableName> = z.input<(typeof CALLABLES)[N]['input']>;
export type CallableOutput<N extends CallableName> = z.output<(typeof CALLABLES)[N]['output']>;

export function isCallableName(name: string): name is CallableName {
  return Object.hasOwn(CALLABLES, name);
}
