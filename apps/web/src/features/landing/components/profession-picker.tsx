import { capitalize, GRID_SPANS } from '@oficios/domain';
import { Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useProfessions } from '../../../shared/api/get-professions';
import { professionPath } from '../../../shared/lib/profession-path';
import { LinkButton } from '../../../shared/ui/link-button';
import { PickerPlaceholder } from './picker-placeholder';

// Only needed if the request fails: kept out of the landing page's first bundle.
const QueryError = lazy(() => import('../../../shared/ui/query-error').then((m) => ({ default: m.QueryError })));

/** The picker's buttons: one link-button per profession, then 'Todas las profesiones'. */
export function ProfessionPicker() {
  const professions = useProfessions();

  let body;
  if (professions.isPending) {
    body = <PickerPlaceholder />;
  } else if (professions.isError) {
    body = (
      <Suspense fallback={<p role="alert">No se pudieron cargar las profesiones.</p>}>
        <QueryError error={professions.error} title="No se pudieron cargar las profesiones" />
      </Suspense>
    );
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {professions.data.map((profession) => (
          <Col key={profession.id} {...GRID_SPANS}>
            <LinkButton block size="large" to={professionPath(profession.name)} data-testid="profession-button">
              {capitalize(profession.name)}
            </LinkButton>
          </Col>
        ))}
        <Col {...GRID_SPANS}>
          <LinkButton block size="large" type="primary" to="/home" data-testid="all-professions-button">
            Todas las profesiones
          </LinkButton>
        </Col>
      </Row>
    );
  }

  return body;
}
