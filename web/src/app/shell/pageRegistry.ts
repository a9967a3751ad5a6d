/** One lazily loaded chunk per dashboard page (spec 2 page keys). */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '@director-ia/shared';

export const PAGE_COMPONENTS: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  conoceme: lazy(() => import('../../pages/conoceme/ConocemePage')),
  ia_config: lazy(() => import('../../pages/ia_config/IaConfigPage')),
  aprendizaje: lazy(() => import('../../pages/aprendizaje/AprendizajePage')),
  taller: lazy(() => import('../../pages/taller/TallerPage')),
  blog: lazy(() => import('../../pages/blog/BlogPage')),
  redes: lazy(() => import('../../pages/redes/RedesPage')),
  calendario: lazy(() => import('../../pages/calendario/CalendarioPage')),
  integraciones: lazy(() => import('../../pages/integraciones/IntegracionesPage')),
  campanas: lazy(() => import('../../pages/campanas/CampanasPage')),
  leads: lazy(() => import('../../pages/leads/LeadsPage')),
  bandeja: lazy(() => import('../../pages/bandeja/BandejaPage')),
  admin: lazy(() => import('../../pages/admin/AdminPage')),
};
