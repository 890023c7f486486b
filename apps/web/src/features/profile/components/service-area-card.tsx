import { EnvironmentOutlined } from '@ant-design/icons';
import { localityLabel, parseWith, serviceAreaInputSchema, serviceAreaLine, type ServiceArea } from '@oficios/domain';
import { Alert, Button, Card, Flex, Form, Modal, message, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/error-message';
import { Typography } from '../../../shared/ui/typography';
import {
  SERVICE_AREA_HINT,
  ServiceAreaField,
  serviceAreaBodyOf,
  serviceAreaErrors,
  serviceAreaValueOf,
  type ServiceAreaValue,
} from '../../localities';
import { useUpdateBusiness } from '../api/update-business';

export const MISSING_AREA = 'Todavía no indicaste tu zona de trabajo';

/** The localities of a list as tags, each with its province (names repeat across provinces). */
function LocalityTags({ localities, testId }: { localities: ServiceArea['extraLocalities']; testId: string }) {
  return (
    <Flex wrap gap={4} data-testid={testId}>
      {localities.map((locality) => (
        <Tag key={locality.id}>{localityLabel(locality)}</Tag>
      ))}
    </Flex>
  );
}

/**
 * "Zona de trabajo" in the professional's profile: the area as clients see it, or, without one, a request to set it
 * (until then they are listed everywhere); and its editor.
 */
export function ServiceAreaCard({ area }: { area: ServiceArea | null }) {
  const [editing, setEditing] = useState(false);
  const [messages, contextHolder] = message.useMessage();
  const onSaved = () => {
    setEditing(false);
    void messages.success('Tu zona de trabajo quedó actualizada');
  };
  return (
    <Card title="Zona de trabajo" data-testid="service-area-card">
      {contextHolder}
      {area ? (
        <Flex vertical gap="small">
          <Typography.Paragraph style={{ margin: 0, fontSize: 16 }} data-testid="service-area-line">
            <EnvironmentOutlined /> {serviceAreaLine(area)}
          </Typography.Paragraph>
          <Typography.Text type="secondary" data-testid="service-area-base">
            {localityLabel(area.locality)}
          </Typography.Text>
          {area.extraLocalities.length > 0 && (
            <>
              <Typography.Text strong>También trabajás en</Typography.Text>
              <LocalityTags localities={area.extraLocalities} testId="service-area-extra-tags" />
            </>
          )}
          {area.excludedLocalities.length > 0 && (
            <>
              <Typography.Text strong>No trabajás en</Typography.Text>
              <LocalityTags localities={area.excludedLocalities} testId="service-area-excluded-tags" />
            </>
          )}
          <div>
            <Button type="primary" onClick={() => setEditing(true)} data-testid="edit-service-area">
              Editar zona de trabajo
            </Button>
          </div>
        </Flex>
      ) : (
        <Alert
          type="warning"
          showIcon
          title={MISSING_AREA}
          description="Mientras tanto aparecés en todas las búsquedas, también lejos de donde trabajás."
          action={
            <Button type="primary" onClick={() => setEditing(true)} data-testid="edit-service-area">
              Indicar zona de trabajo
            </Button>
          }
          data-testid="service-area-missing"
        />
      )}
      <Modal title="Zona de trabajo" open={editing} onCancel={() => setEditing(false)} footer={null} destroyOnHidden>
        <ServiceAreaForm current={serviceAreaValueOf(area)} onSaved={onSaved} />
      </Modal>
    </Card>
  );
}

/** The editor: checked on submit with the API's rule; the server's 400 (an unknown locality) shows under the field. */
function ServiceAreaForm({ current, onSaved }: { current: ServiceAreaValue; onSaved: () => void }) {
  const [form] = Form.useForm<{ serviceArea: ServiceAreaValue }>();
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateBusiness();
  const showErrors = (messages: string[]) => form.setFields([{ name: 'serviceArea', errors: messages }]);

  const submit = async ({ serviceArea }: { serviceArea: ServiceAreaValue }) => {
    setFailure(null);
    const body = serviceAreaBodyOf(serviceArea);
    const parsed = parseWith(serviceAreaInputSchema, body ?? undefined);
    showErrors(parsed.ok ? [] : [...new Set(parsed.errors.map((e) => e.message))]);
    if (!parsed.ok) return;
    try {
      await update.mutateAsync({ serviceArea: body });
      onSaved();
    } catch (error) {
      const messages = isApiError(error, 400) ? serviceAreaErrors(error.errors) : [];
      if (messages.length > 0) showErrors(messages);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Form<{ serviceArea: ServiceAreaValue }>
      form={form}
      name="service-area"
      layout="vertical"
      requiredMark={false}
      initialValues={{ serviceArea: current }}
      onFinish={submit}
      onValuesChange={() => showErrors([])}
      disabled={update.isPending}
      data-testid="service-area-form"
    >
      <Form.Item name="serviceArea" extra={SERVICE_AREA_HINT}>
        <ServiceAreaField />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="service-area-error" />}
      <Button type="primary" htmlType="submit" block loading={update.isPending} data-testid="service-area-save">
        Guardar zona de trabajo
      </Button>
    </Form>
  );
}
