import { Button, Drawer, Flex } from 'antd';
import type { AdminTool } from '../lib/admin-tools';
import { Typography } from '../../../shared/ui/typography';

const TOOLS: { tool: AdminTool; label: string; description: string }[] = [
  {
    tool: 'profesionales',
    label: 'Editar Profesionales',
    description: 'Datos, días disponibles y profesiones de un profesional.',
  },
  {
    tool: 'ordenes',
    label: 'Ordenes de Compra',
    description: 'Todas las órdenes por estado; cambia el estado de cualquiera.',
  },
  { tool: 'profesiones', label: 'Crear Profesiones', description: 'Crea y borra profesiones.' },
  { tool: 'disputas', label: 'Disputas', description: 'Reclamos abiertos de los clientes: lee ambas partes y resuelve.' },
  {
    tool: 'conversaciones',
    label: 'Conversaciones',
    description: 'Conversaciones reportadas y de reservas en disputa, para leerlas.',
  },
];

interface ToolsDrawerProps {
  open: boolean;
  current: AdminTool | null;
  onClose: () => void;
  onPick: (tool: AdminTool) => void;
}

/** "Modificaciones": the administration tools. */
export function ToolsDrawer({ open, current, onClose, onPick }: ToolsDrawerProps) {
  return (
    <Drawer title="Modificaciones" open={open} onClose={onClose} placement="right" data-testid="tools-drawer">
      <Flex vertical gap="middle">
        {TOOLS.map(({ tool, label, description }) => (
          <Flex vertical gap={4} key={tool}>
            <Button
              block
              size="large"
              type={current === tool ? 'primary' : 'default'}
              onClick={() => onPick(tool)}
              data-testid={`tool-${tool}`}
            >
              {label}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {description}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Drawer>
  );
}
