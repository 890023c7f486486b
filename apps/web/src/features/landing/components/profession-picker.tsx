import { capitalize, GRID_SPANS } from '@oficios/domain';
import { Col, Row, Typography } from 'antd';
import { useProfessions } from '../../../shared/api/get-professions';
import { useBrowseProfession } from '../../../shared/hooks/use-browse-profession';
import { professionPath } from '../../../shared/lib/profession-path';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';

/** 'Elige una profesion:': one link-button per profession, then 'Todas las profesiones'. */
export function ProfessionPicker() {
  const professions = useProfessions();
  const browse = useBrowseProfession();

  return (
    <section aria-labelledby="profession-picker-title" data-testid="profession-picker">
      <Typography.Title level={2} id="profession-picker-title">
        Elige una profesion:
      </Typography.Title>
      {professions.isPending ? (
        <PageSpinner label="Cargando profesiones" />
      ) : professions.isError ? (
        <QueryError error={professions.error} title="No se pudieron cargar las profesiones" />
      ) : (
        <Row gutter={[16, 16]}>
          {professions.data.map((profession) => (
            <Col key={profession.id} {...GRID_SPANS}>
              <LinkButton
                block
                size="large"
                to={professionPath(profession.name)}
                onNavigate={() => browse(profession.name)}
                data-testid="profession-button"
              >
                {capitalize(profession.name)}
              </LinkButton>
            </Col>
          ))}
          <Col {...GRID_SPANS}>
            <LinkButton block size="large" type="primary" to="/home" onNavigate={() => browse(null)} data-testid="all-professions-button">
              Todas las profesiones
            </LinkButton>
          </Col>
        </Row>
      )}
    </section>
  );
}
