import type { SessionUser } from '@oficios/domain';
import { Button, Card, Col, Flex, Row } from 'antd';
import { lazy, Suspense, useState, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { API_URL } from '../../../shared/api/api-client';
import { LinkButton } from '../../../shared/ui/link-button';
import { parseTool, TOOL_PARAM, type AdminTool } from '../lib/admin-tools';
import { AdminCard } from './admin-card';
import { StatisticsCard } from './statistics-card';
import { ToolsDrawer } from './tools-drawer';
import { HydratedApart } from '../../../shared/ui/hydrated-apart';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { Typography } from '../../../shared/ui/typography';

// Each tool (tables, forms, selects) is its own chunk, loaded when opened: the panel starts with none of their code.
const TOOL_VIEWS: Record<AdminTool, LazyExoticComponent<() => React.JSX.Element>> = {
  profesionales: lazy(() => import('./edit-professional-tool').then((m) => ({ default: m.EditProfessionalTool }))),
  ordenes: lazy(() => import('./orders-tool').then((m) => ({ default: m.OrdersTool }))),
  profesiones: lazy(() => import('./professions-tool').then((m) => ({ default: m.ProfessionsTool }))),
  disputas: lazy(() => import('./disputes-tool').then((m) => ({ default: m.DisputesTool }))),
  conversaciones: lazy(() => import('./conversations-tool').then((m) => ({ default: m.ConversationsTool }))),
};

/** Bull Board, served by the API (administradores only; the session cookie is host-wide). */
export const QUEUES_URL = `${API_URL.replace(/\/+$/, '')}/admin/queues`;

/**
 * The administrators' panel (/admin and /details/me): the admin's card,
 * "Datos de la Pagina", and the tools of the "Modificaciones" drawer. The open
 * tool is in the URL (?herramienta=...) so it survives a reload.
 */
export function AdminPanel({ admin }: { admin: SessionUser }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const tool = parseTool(params.get(TOOL_PARAM));
  const Tool = tool ? TOOL_VIEWS[tool] : null;

  const pick = (next: AdminTool) => {
    setDrawerOpen(false);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(TOOL_PARAM, next);
        return updated;
      },
      { replace: tool !== null },
    );
  };

  return (
    // Plain elements, not antd's Layout: its Content is a <main>, and the page's own <main> (AppLayout) holds the panel.
    <div data-testid="admin-panel">
      <header style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>
            Panel de administración
          </Typography.Title>
          <Flex gap="small" wrap>
            <Button type="primary" onClick={() => setDrawerOpen(true)} data-testid="open-tools">
              Herramientas
            </Button>
            <LinkButton to="/" data-testid="admin-back">
              Volver
            </LinkButton>
            <Button type="link" href={QUEUES_URL} target="_blank" rel="noopener noreferrer" data-testid="queues-link">
              Colas (Bull Board)
            </Button>
          </Flex>
        </Flex>
      </header>
      <div>
        <Flex vertical gap="large">
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={8}>
              <AdminCard admin={admin} />
            </Col>
            <Col xs={24} lg={16}>
              <HydratedApart>
                <StatisticsCard />
              </HydratedApart>
            </Col>
          </Row>
          {Tool && (
            <Card data-testid="admin-tool" data-tool={tool}>
              <Suspense fallback={<PageSpinner label="Cargando herramienta" />}>
                <Tool />
              </Suspense>
            </Card>
          )}
        </Flex>
      </div>
      <ToolsDrawer open={drawerOpen} current={tool} onClose={() => setDrawerOpen(false)} onPick={pick} />
    </div>
  );
}
