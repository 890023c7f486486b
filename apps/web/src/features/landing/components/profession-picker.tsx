import { capitalize, GRID_SPANS } from '@oficios/domain';
import { Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useProfessions } from '../../../shared/api/get-professions';
import { professionPath } from '../../../shared/lib/profession-path';
import { LinkButton } from '../../../shared/ui/link-button';
import { LocalityField, useVisitorPlace } from '../../localities';
import { PickerPlaceholder } from './picker-placeholder';

// Only needed if the request fails: kept out of the landing page's first bundle.
const QueryError = lazy(() => import('../../../shared/ui/query-error').then((m) => ({ default: m.QueryError })));

/**
 * Where the visitor needs the job (remembered as their place): the profession buttons then open the listing near it.
 * As tall as the placeholder's row above its buttons, so nothing moves when it arrives.
 */
function PlacePicker() {
  const { place, choose } = useVisitorPlace();
  return (
    <div className="landing-place" data-testid="landing-place">
      <label htmlFor="landing-place-field">¿Dónde lo necesitas?</label>
      <LocalityField
        id="landing-place-field"
        data-testid="landing-place-field"
        placeholder="Tu localidad (opcional)"
        value={place?.id ?? null}
        onChange={(_id, locality) => choose(locality)}
        style={{ flex: '0 1 340px', minWidth: 0 }}
      />
    </div>
  );
}

/** The picker's buttons: one link-button per profession, then 'Todas las profesiones'; near the visitor's place if any. */
export function ProfessionPicker() {
  const professions = useProfessions();
  const { place } = useVisitorPlace();
  const near = place ? `?near=${place.id}` : '';

  let body;
  if (professions.isPending) {
    body = <PickerPlaceholder withPlace={false} />;
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
            <LinkButton block size="large" to={`${professionPath(profession.name)}${near}`} data-testid="profession-button">
              {capitalize(profession.name)}
            </LinkButton>
          </Col>
        ))}
        <Col {...GRID_SPANS}>
          <LinkButton block size="large" type="primary" to={`/home${near}`} data-testid="all-professions-button">
            Todas las profesiones
          </LinkButton>
        </Col>
      </Row>
    );
  }

  return (
    <>
      <PlacePicker />
      {body}
    </>
  );
}
