/** The three side-panel tools (spec 2 "Modals"). Their real content is a later issue: say so. */
import { MSG } from '../../../../shared';
import { Modal } from '../../ui/Modal';
import { UnderConstruction } from '../../ui/UnderConstruction';

export type ToolId = 'mobile' | 'blog' | 'widgets';

export const TOOLS: Record<ToolId, { title: string; icon: 'qr' | 'pen' | 'widgets'; maxWidth: number; description: string }> = {
  mobile: {
    title: MSG.connectMobile,
    icon: 'qr',
    maxWidth: 440,
    description: 'Aquí aparecerá un código QR para abrir en tu móvil el chat con tu IA e instalarlo como aplicación.',
  },
  blog: {
    title: MSG.blogCreator,
    icon: 'pen',
    maxWidth: 640,
    description: 'Aquí podrás activar tu blog público y elegir su dirección, tono, temas, frecuencia y diseño.',
  },
  widgets: {
    title: MSG.widgets,
    icon: 'widgets',
    maxWidth: 560,
    description: 'Aquí obtendrás el código para insertar el chat de tu IA en tu propia web.',
  },
};

export function ToolModal({ tool, onClose }: { tool: ToolId; onClose: () => void }) {
  const { title, maxWidth, description } = TOOLS[tool];
  return (
    <Modal title={title} onClose={onClose} maxWidth={maxWidth}>
      <UnderConstruction description={description} />
    </Modal>
  );
}
