import {
  capitalize,
  CONTACT_HIDDEN_TEXT,
  formatMoney,
  pesosToCents,
  type ProfessionalContact,
  type ProfessionalDetail,
} from '@oficios/domain';
import { Card, Col, Descriptions, Flex, Rate, Result, Row } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-client';
import { professionPath } from '../../../shared/lib/profession-path';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { useProfessional } from '../../../shared/api/get-professional';
import { OutlineTitle } from '../../../shared/ui/outline-title';
import { useProfessionalContact } from '../api/get-professional-contact';
import { useReviews } from '../api/get-reviews';
import { detailIdOf } from '../lib/detail-id';
import { ReviewsList } from './reviews-list';
import { ServiceAreaSummary } from './service-area-summary';
import { Typography } from '../../../shared/ui/typography';
import { ReachLine } from './reach-line';

const backHome = (
  <LinkButton to="/home" type="primary" data-testid="back-home">
    Volver a Inicio
  </LinkButton>
);

/** Where the hidden e-mail or phone would be (and the street, without a locality). */
const hidden = (testId: string) => (
  <Typography.Text type="secondary" data-testid={testId} data-hidden="true">
    {CONTACT_HIDDEN_TEXT}
  </Typography.Text>
);

/**
 * The e-mail, phone and street for whom may see them (`contact`); for everyone else the locality instead of the street
 * and CONTACT_HIDDEN_TEXT where the e-mail and phone would be.
 */
function contactItems(professional: ProfessionalDetail, contact: ProfessionalContact | null) {
  if (contact) {
    return [
      { key: 'address', label: 'Dirección', children: <span data-testid="detail-address">{contact.address}</span> },
      { key: 'email', label: 'E-mail', children: <span data-testid="detail-email">{contact.email}</span> },
      { key: 'phone', label: 'Teléfono', children: <span data-testid="detail-phone">{contact.phoneNumber}</span> },
    ];
  }
  return [
    professional.locality
      ? { key: 'address', label: 'Localidad', children: <span data-testid="detail-address">{professional.locality}</span> }
      : { key: 'address', label: 'Dirección', children: hidden('detail-address') },
    { key: 'email', label: 'E-mail', children: hidden('detail-email') },
    { key: 'phone', label: 'Teléfono', children: hidden('detail-phone') },
  ];
}

interface DetailPageProps {
  booking?: (professional: ProfessionalDetail) => ReactNode;
  contact?: (professional: ProfessionalDetail) => ReactNode;
}

/**
 * /detail/:id. `booking` renders what books the professional (the cart's date picker) and `contact` what writes to
 * it ("Consultar"), both composed by the app: features do not import each other.
 */
export function DetailPage({ booking, contact }: DetailPageProps = {}) {
  const id = detailIdOf(useParams().id);
  const professional = useProfessional(id);
  const reviews = useReviews(id);
  const shownContact = useProfessionalContact(id);

  if (id === null || isApiError(professional.error, 404)) {
    return (
      <div data-testid="professional-not-found">
        <Result
          status="404"
          title="El profesional no existe"
          subTitle="No encontramos ningún profesional con ese identificador. Puede que haya sido dado de baja."
          extra={backHome}
        />
      </div>
    );
  }
  if (professional.isPending) return <PageSpinner label="Cargando profesional" />;
  if (professional.isError) {
    return (
      <Flex vertical gap="middle" align="flex-start">
        <QueryError error={professional.error} title="No se pudo cargar el profesional" />
        {backHome}
      </Flex>
    );
  }

  const p = professional.data;
  const fullName = `${p.firstName} ${p.lastName}`;
  return (
    <Flex vertical gap="large" data-testid="professional-detail">
      <Card>
        <Row gutter={[24, 24]}>
          <Col xs={24} md={8}>
            <AvatarImage
              path={p.profileImg}
              alt={`Foto de ${fullName}`}
              data-testid="detail-photo"
              priority
              style={{ width: '100%', maxWidth: 320, aspectRatio: '1 / 1', borderRadius: 12, margin: '0 auto' }}
            />
          </Col>
          <Col xs={24} md={16}>
            <Typography.Title level={2} data-testid="detail-name" style={{ marginTop: 0 }}>
              {fullName}
            </Typography.Title>
            <span data-testid="detail-rating" data-rating={p.rating} aria-label={`${p.rating} de 5 estrellas`}>
              <Rate disabled value={p.rating} />
            </span>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              ({p.reputation} reseñas)
            </Typography.Text>
            <Typography.Paragraph style={{ margin: '8px 0 0', fontSize: 16 }} data-testid="detail-day-price" data-day-price={p.dayPrice}>
              <strong>{formatMoney(pesosToCents(p.dayPrice))}</strong> por día
            </Typography.Paragraph>
            <ServiceAreaSummary area={p.serviceArea} />
            <ReachLine serviceArea={p.serviceArea} />
            <Descriptions column={1} style={{ marginTop: 16 }} items={contactItems(p, shownContact)} />
            <OutlineTitle level={3} looks={4}>
              Sobre mí
            </OutlineTitle>
            {/* As the professional wrote it, line breaks included. */}
            <Typography.Paragraph data-testid="detail-about" style={{ whiteSpace: 'pre-line' }}>
              {p.aboutMe || 'Este profesional aún no escribió sobre sí.'}
            </Typography.Paragraph>
            <Flex wrap gap="small" data-testid="detail-professions">
              {p.professions.map((profession) => (
                <LinkButton key={profession.id} to={professionPath(profession.name)} data-testid="detail-profession">
                  {capitalize(profession.name)}
                </LinkButton>
              ))}
            </Flex>
            {contact && <div style={{ marginTop: 16 }}>{contact(p)}</div>}
          </Col>
        </Row>
      </Card>
      {booking?.(p)}
      <Card>
        <ReviewsList reviews={reviews.data} isPending={reviews.isPending} error={reviews.error} />
      </Card>
      <div>{backHome}</div>
    </Flex>
  );
}
