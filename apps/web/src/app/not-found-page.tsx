import { Result } from 'antd';
import { LinkButton } from '../shared/ui/link-button';

/** Any path no route matches. */
export function NotFoundPage() {
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title="Opps! Página no encontrada."
        subTitle="La página que buscas no existe."
        extra={
          <LinkButton type="primary" to="/">
            Volver a Home
          </LinkButton>
        }
      />
    </div>
  );
}
