import { BUSINESS_FIELDS, FIELD_MAX_LENGTHS, parseWith, professionalBusinessSchema, type FieldError } from '@oficios/domain';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/error-message';
import { storedImagePath } from '../../../shared/lib/asset-url';
import { BusinessTermsItems } from '../../../shared/ui/business-fields';
import { ProfessionsField } from '../../../shared/ui/professions-field';
import { ProfileImageField } from '../../../shared/ui/profile-image-field';
import { useUpdateBusiness, type BusinessChanges } from '../api/update-business';

/** What the form holds: the business as the professional has it now. */
export interface BusinessValues {
  dayPrice: number | null;
  availableDays: string[];
  professions: string[];
  aboutMe: string;
  profileImg: string | null;
}

type BusinessField = (typeof BUSINESS_FIELDS)[number];
const isBusinessField = (field: string): field is BusinessField => (BUSINESS_FIELDS as readonly string[]).includes(field);

/** The body sent: the photo as its stored path (the answers hand it back absolute). */
function changesOf(values: BusinessValues): BusinessChanges {
  return {
    ...(values.dayPrice != null ? { dayPrice: values.dayPrice } : {}),
    availableDays: values.availableDays ?? [],
    professions: values.professions ?? [],
    aboutMe: values.aboutMe ?? '',
    profileImg: values.profileImg ? storedImagePath(values.profileImg) : null,
  };
}

interface BusinessFormProps {
  current: BusinessValues;
  onSaved: () => void;
}

/**
 * The whole business at once, checked on submit with the rule the API applies (same messages under each field);
 * nothing is sent while a field is wrong, and the server's 400 lands under its fields.
 */
function BusinessForm({ current, onSaved }: BusinessFormProps) {
  const [form] = Form.useForm<BusinessValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateBusiness();

  const showErrors = (errors: FieldError[]) => {
    form.setFields(BUSINESS_FIELDS.map((name) => ({ name, errors: errors.filter((e) => e.field === name).map((e) => e.message) })));
    const others = errors.filter((e) => !isBusinessField(e.field)).map((e) => e.message);
    setFailure(others[0] ?? null);
  };

  const submit = async (values: BusinessValues) => {
    setFailure(null);
    const changes = changesOf(values);
    const parsed = parseWith(professionalBusinessSchema, changes, BUSINESS_FIELDS);
    showErrors(parsed.ok ? [] : parsed.errors);
    if (!parsed.ok) return;
    try {
      await update.mutateAsync(changes);
      onSaved();
    } catch (error) {
      if (isApiError(error, 400) && error.errors.length > 0) showErrors(error.errors);
      else setFailure(errorMessage(error));
    }
  };

  return (
    <Form<BusinessValues>
      form={form}
      name="business"
      layout="vertical"
      requiredMark={false}
      initialValues={current}
      onFinish={submit}
      onValuesChange={(changed: Partial<BusinessValues>) =>
        form.setFields(
          Object.keys(changed)
            .filter(isBusinessField)
            .map((name) => ({ name, errors: [] })),
        )
      }
      disabled={update.isPending}
      data-testid="business-form"
    >
      <BusinessTermsItems />
      <Form.Item label="Profesiones" name="professions">
        <ProfessionsField />
      </Form.Item>
      <Form.Item label="Sobre mi" name="aboutMe">
        <Input.TextArea rows={5} maxLength={FIELD_MAX_LENGTHS.aboutMe} showCount />
      </Form.Item>
      <Form.Item label="Foto" name="profileImg">
        <ProfileImageField />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="business-error" />}
      <Button type="primary" htmlType="submit" block loading={update.isPending} data-testid="business-save">
        Guardar Cambios
      </Button>
    </Form>
  );
}

interface BusinessEditorModalProps extends BusinessFormProps {
  open: boolean;
  onClose: () => void;
}

/** "Editar mi negocio": starts from the business as it is each time it opens. */
export function BusinessEditorModal({ open, onClose, ...formProps }: BusinessEditorModalProps) {
  return (
    <Modal title="Editar mi negocio" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <BusinessForm {...formProps} />
    </Modal>
  );
}
