import { capitalize } from '@oficios/domain';
import { Badge, Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { QueryError } from '../../../shared/ui/query-error';
import { OutlineTitle } from '../../../shared/ui/outline-title';
import { useStatistics } from '../api/get-statistics';
import { BRAND } from '../../../shared/ui/theme';
import { Typography } from '../../../shared/ui/typography';

const rowStyle = { padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

/** "Datos de la Pagina": how many professionals, professions and clients, and professionals per profession. */
export function StatisticsCard() {
  const statistics = useStatistics();
  let body;
  if (statistics.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (statistics.isError) body = <QueryError error={statistics.error} title="No se pudieron cargar los datos" />;
  else {
    const { professionals, professions, clients, byProfession } = statistics.data;
    body = (
      <Flex vertical gap="large">
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={8}>
            <Statistic title="Profesionales" value={professionals} data-testid="stat-professionals" />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title="Profesiones" value={professions} data-testid="stat-professions" />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title="Clientes" value={clients} data-testid="stat-clients" />
          </Col>
        </Row>
        <div>
          <OutlineTitle level={3} looks={5}>
            Profesionales por profesion
          </OutlineTitle>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, columnWidth: 220, columnGap: 32 }} data-testid="profession-stats">
            {byProfession.map((profession) => (
              <li
                key={profession.id}
                style={{ ...rowStyle, breakInside: 'avoid' }}
                data-testid="profession-stat"
                data-name={profession.name}
                data-count={profession.professionals}
              >
                <Flex justify="space-between" align="center" gap="small">
                  <Typography.Text data-testid="profession-stat-name">{capitalize(profession.name)}</Typography.Text>
                  <Badge
                    count={profession.professionals}
                    showZero
                    overflowCount={9999}
                    color={profession.professionals > 0 ? BRAND.primary : BRAND.neutralBadge}
                    data-testid="profession-stat-count"
                  />
                </Flex>
              </li>
            ))}
          </ul>
        </div>
      </Flex>
    );
  }
  return (
    <Card title="Datos de la Pagina" data-testid="statistics-card" style={{ height: '100%' }}>
      {body}
    </Card>
  );
}
