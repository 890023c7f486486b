import type { PersonContact } from '@oficios/domain';
import { Card, Col, Descriptions, Flex, Row } from 'antd';
import type { ReactNode } from 'react';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { Typography } from '../../../shared/ui/typography';

/** The person the card shows. */
/** The person a profile shows, with the address's locality when the account has one. */
export type ProfilePerson = PersonContact & { localityId?: string | null };

interface ProfileCardProps {
  person: ProfilePerson;
  /** Buttons under the contact data ("Editar Perfil", profession buttons...). */
  children?: ReactNode;
}

/** Photo, name, address, phone and e-mail: the head of the client and professional profiles. */
export function ProfileCard({ person, children }: ProfileCardProps) {
  const fullName = `${person.firstName} ${person.lastName}`;
  return (
    <Card>
      <Row gutter={[24, 24]} align="middle">
        <Col xs={24} md={8}>
          <AvatarImage
            path={person.profileImg}
            alt={`Foto de ${fullName}`}
            data-testid="profile-photo"
            priority
            style={{ width: '100%', maxWidth: 240, aspectRatio: '1 / 1', borderRadius: '50%', margin: '0 auto' }}
          />
        </Col>
        <Col xs={24} md={16}>
          <Typography.Title level={2} data-testid="profile-name" style={{ marginTop: 0 }}>
            {fullName}
          </Typography.Title>
          <Descriptions
            column={1}
            items={[
              { key: 'address', label: 'Dirección', children: <span data-testid="profile-address">{person.address}</span> },
              { key: 'phone', label: 'Teléfono', children: <span data-testid="profile-phone">{person.phoneNumber}</span> },
              { key: 'email', label: 'E-mail', children: <span data-testid="profile-email">{person.email}</span> },
            ]}
          />
          {children && (
            <Flex wrap gap="small" style={{ marginTop: 16 }}>
              {children}
            </Flex>
          )}
        </Col>
      </Row>
    </Card>
  );
}
