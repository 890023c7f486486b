import type { SessionUser } from '@oficios/domain';
import { Card, Descriptions, Flex } from 'antd';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { Typography } from '../../../shared/ui/typography';

/** The signed-in administrator: name, image, ID, e-mail, phone, address. */
export function AdminCard({ admin }: { admin: SessionUser }) {
  const fullName = `${admin.firstName} ${admin.lastName}`;
  return (
    <Card data-testid="admin-card" style={{ height: '100%' }}>
      <Flex vertical align="center" gap="middle">
        <AvatarImage
          path={admin.profileImg}
          alt={`Foto de ${fullName}`}
          data-testid="profile-photo"
          priority
          style={{ width: 160, maxWidth: '100%', aspectRatio: '1 / 1', borderRadius: '50%' }}
        />
        <Typography.Title level={2} data-testid="profile-name" style={{ margin: 0, textAlign: 'center' }}>
          {fullName}
        </Typography.Title>
        <Descriptions
          column={1}
          size="small"
          style={{ width: '100%' }}
          items={[
            { key: 'id', label: 'ID', children: <span data-testid="profile-id">{admin.id}</span> },
            { key: 'email', label: 'E-mail', children: <span data-testid="profile-email">{admin.email}</span> },
            { key: 'phone', label: 'Teléfono', children: <span data-testid="profile-phone">{admin.phoneNumber}</span> },
            { key: 'address', label: 'Dirección', children: <span data-testid="profile-address">{admin.address}</span> },
          ]}
        />
      </Flex>
    </Card>
  );
}
