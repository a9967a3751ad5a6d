/**
 * Spanish message catalogue: every string a user reads that more than one module needs.
 * Spec section 8 strings are verbatim; the rest follow the same tone.
 */
export const MSG = {
  loading: 'Cargando...',
  processing: 'Procesando...',
  signIn: 'Iniciar Sesión',
  register: 'Registrarse',
  signInSubtitle: 'Inicia sesión para continuar',
  registerSubtitle: 'Crea tu cuenta',
  signOut: 'Cerrar Sesión',
  errorPrefix: 'Error: ',
  registered: '¡Registro completado! Tu cuenta está pendiente de aprobación.',
  pendingTitle: 'Cuenta Pendiente de Aprobación',
  pendingText:
    'Un administrador revisará tu cuenta en breve. Recibirás una notificación cuando sea aprobada.',
  userApproved: 'Usuario aprobado con éxito.',
  notAuthenticated: 'Error: Usuario no autenticado.',
  underConstruction: 'Esta sección está en construcción.',
  comingSoon: 'Próximamente',
  partnerPrefix: 'En colaboración con:',
  // Server-side contract errors (exposed to users as the error message).
  unauthenticated: 'Debes iniciar sesión para continuar.',
  pendingAccount: 'Tu cuenta está pendiente de aprobación.',
  adminOnly: 'Solo un administrador puede realizar esta acción.',
  unknownFunction: 'La función solicitada no existe.',
  malformedBody: 'La solicitud no es válida: se esperaba un JSON con el campo "data".',
  invalidData: 'Los datos enviados no son válidos.',
  bodyTooLarge: (maxKb: number) => `La solicitud es demasiado grande (máximo ${maxKb} KB).`,
  internal: 'Se ha producido un error interno. Inténtalo de nuevo más tarde.',
  userNotFound: 'Usuario no encontrado.',
  timeout: 'La solicitud ha tardado demasiado. Inténtalo de nuevo.',
  network: 'No se pudo conectar con el servidor.',
} as const;
