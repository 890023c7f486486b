import { Alert, Button, Flex, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { useManagedProfessional } from '../api/get-managed-professional';
import { ProfessionalEditor } from './professional-editor';
import { Typography } from '../../../shared/ui/typography';

function parseId(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

/** "Editar Profesionales": look a professional up by id, edit it, save it all at once. */
export function EditProfessionalTool() {
  const [id, setId] = useState<number | null>(null);
  const [badInput, setBadInput] = useState(false);
  const [saved, setSaved] = useState(false);
  // A successful save starts the editor again from the saved professional.
  const [version, setVersion] = useState(0);
  // Whole, contact included (the public detail hides it): the editor saves every field it loaded.
  const professional = useManagedProfessional(id);

  const search = (text: string) => {
    if (text.trim() === '') return;
    const next = parseId(text);
    setBadInput(next === null);
    if (next !== null) setId(next);
  };

  let body;
  if (id === null) {
    body = (
      <Typography.Text type="secondary" data-testid="edit-professional-hint">
        Busca un cliente en la base de datos por su id.
      </Typography.Text>
    );
  } else if (professional.isPending) {
    body = <PageSpinner label="Cargando profesional" />;
  } else if (isApiError(professional.error, 404)) {
    body = <Alert type="warning" showIcon data-testid="professional-not-found" title={`No existe un profesional con el id ${id}`} />;
  } else if (professional.isError) {
    body = <QueryError error={professional.error} title="No se pudo cargar el profesional" />;
  } else {
    body = (
      <ProfessionalEditor
        key={`${id}:${version}`}
        professional={professional.data}
        onSaved={() => {
          setVersion((v) => v + 1);
          setSaved(true);
        }}
      />
    );
  }

  return (
    <Flex vertical gap="middle" data-testid="edit-professionals-tool">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Editar Profesionales
      </Typography.Title>
      <Input.Search
        placeholder="Buscar..."
        aria-label="Buscar profesional por id"
        inputMode="numeric"
        enterButton
        allowClear
        onSearch={search}
        style={{ maxWidth: 360 }}
        data-testid="professional-search"
      />
      {badInput && <Alert type="info" showIcon title="El id es un número entero positivo" data-testid="bad-id" />}
      {body}
      <Modal open={saved} footer={null} closable={false} centered onCancel={() => setSaved(false)} destroyOnHidden>
        <Result
          status="success"
          title="Profesional Modificado con Exito"
          extra={
            <Button type="primary" onClick={() => setSaved(false)} data-testid="close-saved">
              Cerrar
            </Button>
          }
        />
      </Modal>
    </Flex>
  );
}
