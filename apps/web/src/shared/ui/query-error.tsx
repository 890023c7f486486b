import { Alert } from 'antd';
import { isApiError } from '../api/api-client';

/** The error Alert shown when a request fails. */
export function QueryError({ error, title = 'No se pudo cargar la información' }: { error: unknown; title?: string }) {
  const fieldErrors = isApiError(error) ? error.errors : [];
  const detail = error instanceof Error ? error.message : 'Error desconocido';
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      data-testid="query-error"
      description={
        fieldErrors.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {fieldErrors.map((e) => (
              <li key={`${e.field}:${e.message}`}>{e.message}</li>
            ))}
          </ul>
        ) : (
          `${detail}. Intenta de nuevo en unos instantes.`
        )
      }
    />
  );
}
