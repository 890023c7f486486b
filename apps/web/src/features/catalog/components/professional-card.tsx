import { capitalize, formatMoney, kmText, pesosToCents, type ProfessionalListItem } from '@oficios/domain';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Rate } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import './catalog.css';
import { AvatarImage } from '../../../shared/ui/avatar-image';
import { OutlineTitle } from '../../../shared/ui/outline-title';
import { Typography } from '../../../shared/ui/typography';

interface ProfessionalCardProps {
  professional: ProfessionalListItem;
  onReserve: (professional: ProfessionalListItem) => void;
  /** A card of the first row: its photo is seen at once (the listing's largest paint), so it is not lazy. */
  priority?: boolean;
}

/**
 * Memoized: the listing re-renders whenever one of its queries or the cart changes, and its antd cards are its
 * whole cost; a card re-renders only when its professional does (the answers keep unchanged items as they were).
 */
export const ProfessionalCard = memo(function ProfessionalCard({ professional, onReserve, priority = false }: ProfessionalCardProps) {
  const fullName = `${professional.firstName} ${professional.lastName}`;
  const professions = professional.professions.map((p) => capitalize(p.name)).join(', ');
  return (
    <Card
      hoverable
      data-testid="professional-card"
      data-professional-id={professional.id}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
      cover={
        <AvatarImage
          path={professional.profileImg}
          alt={`Foto de ${fullName}`}
          priority={priority}
          style={{ width: '100%', height: 200 }}
        />
      }
      actions={[
        // A plain link (its text directly inside the <a>), wrapped: antd styles a bare <a> in card actions as grey text.
        <div key="detail">
          <Link to={`/detail/${professional.id}`} className="card-detail-link" data-testid="card-detail-link">
            Ver Mas...
          </Link>
        </div>,
        <div key="reserve">
          <Button type="primary" data-testid="card-reserve-button" onClick={() => onReserve(professional)}>
            Reservar
          </Button>
        </div>,
      ]}
    >
      <Flex vertical gap={4}>
        <OutlineTitle level={3} looks={4} style={{ margin: 0 }} data-testid="card-name">
          {fullName}
        </OutlineTitle>
        <Typography.Text type="secondary" data-testid="card-professions">
          {professions || 'Sin profesiones'}
        </Typography.Text>
        <Flex align="center" gap={8} wrap>
          <span data-testid="card-rating" data-rating={professional.rating} aria-label={`${professional.rating} de 5 estrellas`}>
            <Rate disabled value={professional.rating} style={{ fontSize: 16 }} />
          </span>
          <Typography.Text type="secondary">({professional.reputation})</Typography.Text>
        </Flex>
        {professional.distanceKm !== undefined && <CardPlace professional={professional} />}
        <Typography.Text data-testid="card-day-price" data-day-price={professional.dayPrice}>
          <strong>{formatMoney(pesosToCents(professional.dayPrice))}</strong> por día
        </Typography.Text>
      </Flex>
    </Card>
  );
});

/** In a listing near a place: where the professional is based and how far ("Palermo · a 3,2 km"). */
function CardPlace({ professional }: { professional: ProfessionalListItem }) {
  const { locality, distanceKm } = professional;
  const parts = [locality, typeof distanceKm === 'number' ? `a ${kmText(distanceKm)} km` : null].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Typography.Text type="secondary" data-testid="card-distance" data-distance-km={distanceKm ?? undefined}>
      <EnvironmentOutlined aria-hidden /> {parts.join(' · ')}
    </Typography.Text>
  );
}
