/**
 * The three side-panel tools (spec 2 "Modals"): Conectar Móvil (QR), Creador de Blog and
 * Widgets. Each body is its own lazy chunk (the QR library loads only when its modal opens).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { MSG } from '@director-ia/shared';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';

export type ToolId = 'mobile' | 'blog' | 'widgets';

export const TOOLS: Record<ToolId, { title: string; icon: 'qr' | 'pen' | 'widgets'; maxWidth: number; Body: LazyExoticComponent<ComponentType> }> = {
  mobile: { title: MSG.connectMobile, icon: 'qr', maxWidth: 440, Body: lazy(() => import('../../features/tools/QrTool')) },
  blog: { title: MSG.blogCreator, icon: 'pen', maxWidth: 680, Body: lazy(() => import('../../features/tools/BlogCreatorTool')) },
  widgets: { title: MSG.widgets, icon: 'widgets', maxWidth: 600, Body: lazy(() => import('../../features/tools/WidgetTool')) },
};

export function ToolModal({ tool, onClose }: { tool: ToolId; onClose: () => void }) {
  const { title, maxWidth, Body } = TOOLS[tool];
  return (
    <Modal title={title} onClose={onClose} maxWidth={maxWidth}>
      <Suspense
        fallback={
          <div role="status" style={{ display: 'grid', placeItems: 'center', padding: '2rem' }}>
            <Spinner large />
            <span className="visually-hidden">{MSG.loading}</span>
          </div>
        }
      >
        <Body />
      </Suspense>
    </Modal>
  );
}
