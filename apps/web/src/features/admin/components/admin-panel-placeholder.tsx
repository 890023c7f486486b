import type { SessionUser } from '@oficios/domain';
import { Alert, Card, Col, Descriptions, Row, Typography } from 'antd';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { LinkButton } from '../../../shared/ui/link-button';

/**
 * /details/me for an administrador until the admin panel arrives (later issue):
 * the admin's data card and a note that the tools are coming.
 */
export function AdminPanelPlaceholder({ admin }: { admin: SessionUser }) {
  const fullName = `${admin.firstName} ${admin.lastName}`;
  return (
    <Card data-testid="admin-panel-placeholder" title="Panel de administración">
      <Row gutter={[24, 24]} align="middle">
        <Col xs={24} md={8}>
          <AvatarImage
            path={admin.profileImg}
            alt={`Foto de ${fullName}`}
            data-testid="profile-photo"
            style={{ width: '100%', maxWidth: 200, aspectRatio: '1 / 1', borderRadius: '50%', margin: '0 auto' }}
          />
        </Col>
        <Col xs={24} md={16}>
          <Typography.Title level={2} data-testid="profile-name" style={{ marginTop: 0 }}>
            {fullName}
          </Typography.Title>
          <Descriptions
            column={1}
            items={[
              { key: 'id', label: 'ID', children: <span data-testid="profile-id">{admin.id}</span> },
              { key: 'email', label: 'E-mail', children: <span data-testid="profile-email">{admin.email}</span> },
              { key: 'phone', label: 'Teléfono', children: <span data-testid="profile-phone">{admin.phoneNumber}</span> },
              { key: 'address', label: 'Dirección', children: <span data-testid="profile-address">{admin.address}</span> },
            ]}
          />
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        style={{ margin: '16px 0' }}
        title="Herramientas en camino"
        description="Las herramientas de administración (profesionales, órdenes de compra y profesiones) llegarán pronto."
      />
      <LinkButton to="/" type="primary">
        Volver
      </LinkButton>
    </Card>
  );
}
