import { EditOutlined, ExportOutlined } from '@ant-design/icons';
import { capitalize, DAY_NAMES, formatMoney, pesosToCents, type Day, type Profession, type ServiceArea } from '@oficios/domain';
import { Button, Card, Col, Descriptions, Flex, message, Row, Tag } from 'antd';
import { useState } from 'react';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { LinkButton } from '../../../shared/ui/link-button';
import { Typography } from '../../../shared/ui/typography';
import { BusinessEditorModal, type BusinessValues } from './business-editor-modal';

/** The professional's business as their account answers it (`dataValues`). */
export interface MyBusiness {
  id: number;
  firstName: string;
  lastName: string;
  profileImg: string | null;
  dayPrice?: number;
  availableDays?: Day[];
  professions?: Profession[];
  aboutMe?: string | null;
  /** "Zona de trabajo"; null (or absent) until they set it. */
  serviceArea?: ServiceArea | null;
}

/**
 * "Mi negocio": what clients see of the professional (photo, price per day, days, trades and "Sobre mí" exactly as
 * written), a link to the public page and the editor.
 */
export function MyBusinessCard({ business }: { business: MyBusiness }) {
  const [editing, setEditing] = useState(false);
  const [messages, contextHolder] = message.useMessage();
  const days = business.availableDays ?? [];
  const professions = business.professions ?? [];
  const aboutMe = business.aboutMe ?? '';
  const current: BusinessValues = {
    dayPrice: business.dayPrice ?? null,
    availableDays: [...days],
    professions: professions.map((profession) => profession.name),
    aboutMe,
    profileImg: business.profileImg,
  };

  const onSaved = () => {
    setEditing(false);
    void messages.success('Tu negocio quedó actualizado: así te ven los clientes');
  };

  return (
    <Card title="Mi negocio" data-testid="my-business">
      {contextHolder}
      <Typography.Paragraph type="secondary">Así te ven los clientes en el listado y en tu página.</Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} sm={8} md={6}>
          <AvatarImage
            path={business.profileImg}
            // Not "Foto de …": the profile's head already shows that photo under that name.
            alt="Tu foto, como la ven los clientes"
            data-testid="business-photo"
            style={{ width: '100%', maxWidth: 160, aspectRatio: '1 / 1', borderRadius: 12, margin: '0 auto' }}
          />
        </Col>
        <Col xs={24} sm={16} md={18}>
          <Descriptions
            column={1}
            items={[
              {
                key: 'price',
                label: 'Precio por día',
                children: (
                  <span data-testid="business-day-price">
                    {business.dayPrice != null ? formatMoney(pesosToCents(business.dayPrice)) : 'Sin precio'}
                  </span>
                ),
              },
              {
                key: 'days',
                label: 'Días de trabajo',
                children: (
                  <span data-testid="business-days">{days.length > 0 ? days.map((day) => DAY_NAMES[day]).join(', ') : 'Ninguno'}</span>
                ),
              },
              {
                key: 'professions',
                label: 'Oficios',
                children: (
                  <Flex wrap gap={4} data-testid="business-professions">
                    {professions.map((profession) => (
                      <Tag key={profession.id}>{capitalize(profession.name)}</Tag>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
          <Typography.Text strong>Sobre mí</Typography.Text>
          {aboutMe ? (
            <Typography.Paragraph data-testid="business-about" style={{ whiteSpace: 'pre-line' }}>
              {aboutMe}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary" data-testid="business-about-empty">
              Todavía no escribiste sobre vos: contales a tus clientes cómo trabajás.
            </Typography.Paragraph>
          )}
          <Flex wrap gap="small">
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-business-button">
              Editar mi negocio
            </Button>
            <LinkButton to={`/detail/${business.id}`} icon={<ExportOutlined />} data-testid="business-public-link">
              Ver mi página pública
            </LinkButton>
          </Flex>
        </Col>
      </Row>
      <BusinessEditorModal open={editing} onClose={() => setEditing(false)} current={current} onSaved={onSaved} />
    </Card>
  );
}
