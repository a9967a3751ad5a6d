/** The profile feature's public surface (obtenerPerfil): the entry-state hook and its cache key. */
export { fetchProfile, profileKey, profileView, useProfile, type ProfileView } from './useProfile';
