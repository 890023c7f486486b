import { Alert } from 'antd';

export const EMPTY_LISTING_TITLE = 'No se ha encontrado ningun Profesional';
export const EMPTY_LISTING_DESCRIPTION =
  'Puede que los filtros elegidos y la cantidad actual de profesionales no coincidan. Prueba con otras opciones ;D';

export function EmptyListing() {
  return (
    <div data-testid="empty-listing">
      <Alert type="info" showIcon title={EMPTY_LISTING_TITLE} description={EMPTY_LISTING_DESCRIPTION} />
    </div>
  );
}
