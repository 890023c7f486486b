import { changesCredentials, clientUpdateSchema, CREDENTIAL_MESSAGES, parseWith, type ProfileFields } from '@oficios/domain';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { useUpdateClient, type ClientChanges } from '../api/update-client';
import type { ProfilePerson } from './profile-card';
import { LocalityField } from '../../localities';

/** The text fields (the locality is chosen from the list, not typed). */
type Field = Exclude<keyof ProfileFields, 'localityId'>;
/** The new password and the current one that allows changing the e-mail or the password. */
type CredentialField = 'password' | 'currentPassword';
type FieldErrors = Partial<Record<Field | CredentialField, string>>;

/** The form's fields in order, with the labels Playwright looks them up by. */
const FIELDS: { field: Field; label: string; type?: string; autoComplete: string }[] = [
  { field: 'firstName', label: 'Nombre', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Apellido', autoComplete: 'family-name' },
  { field: 'address', label: 'Dirección', autoComplete: 'street-address' },
  { field: 'phoneNumber', label: 'Teléfono', type: 'tel', autoComplete: 'tel' },
  { field: 'email', label: 'Correo', type: 'email', autoComplete: 'email' },
];

/** 409: the e-mail belongs to another account (the API's own message wins when it names the field). */
const EMAIL_TAKEN = 'Ya existe una cuenta con ese correo';

const CREDENTIAL_FIELDS: { field: CredentialField; label: string; autoComplete: string; testId: string }[] = [
  { field: 'password', label: 'Nueva contraseña (opcional)', autoComplete: 'new-password', testId: 'edit-new-password' },
  { field: 'currentPassword', label: 'Tu contraseña actual', autoComplete: 'current-password', testId: 'edit-current-password' },
];

function byField(errors: { field: string; message: string }[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, message } of errors) {
    if (FIELDS.some((f) => f.field === field) || CREDENTIAL_FIELDS.some((f) => f.field === field))
      result[field as Field | CredentialField] ??= message;
  }
  return result;
}

interface EditClientFormProps {
  clientId: number;
  current: ProfilePerson;
  onSaved: (saved: boolean) => void;
}

/**
 * Blank fields keep the current value (shown as placeholder); nothing is sent while a field is invalid. Another
 * e-mail or a new password also asks for the current password (the API refuses them without it).
 */
function EditClientForm({ clientId, current, onSaved }: EditClientFormProps) {
  const [values, setValues] = useState<ProfileFields>({});
  // Undefined until chosen: the current locality stays (null: the client cleared it).
  const [localityId, setLocalityId] = useState<string | null | undefined>(undefined);
  const [secrets, setSecrets] = useState<Partial<Record<CredentialField, string>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateClient(clientId);
  const needsCurrentPassword = changesCredentials({ email: values.email, password: secrets.password }, current.email);

  const change = (field: Field | CredentialField, value: string) => {
    if (field === 'password' || field === 'currentPassword') setSecrets((v) => ({ ...v, [field]: value }));
    else setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    // The API's own schema: the same messages here as in its 400.
    const parsed = parseWith(clientUpdateSchema, { ...values, password: secrets.password, localityId });
    const problems = parsed.ok ? {} : byField(parsed.errors);
    if (needsCurrentPassword && !secrets.currentPassword) problems.currentPassword = CREDENTIAL_MESSAGES.currentPasswordMissing;
    setErrors(problems);
    if (!parsed.ok || Object.keys(problems).length > 0) return;
    // Blank fields parse to undefined: they keep the current value and are not sent.
    const changes = Object.fromEntries(Object.entries(parsed.value).filter(([, value]) => value !== undefined)) as ClientChanges;
    if (needsCurrentPassword) changes.currentPassword = secrets.currentPassword;
    if (Object.keys(changes).length === 0) return onSaved(false);
    try {
      await update.mutateAsync(changes);
      onSaved(true);
    } catch (error) {
      if (isApiError(error, 409)) setErrors({ email: byField(error.errors).email ?? EMAIL_TAKEN });
      else if (isApiError(error) && Object.keys(byField(error.errors)).length > 0) setErrors(byField(error.errors));
      else setFailure(error instanceof Error ? error.message : 'No se pudieron guardar los cambios');
    }
  };

  const item = (field: Field | CredentialField, label: string, input: ReactNode) => (
    <Form.Item
      key={field}
      label={label}
      htmlFor={`edit-client-${field}`}
      validateStatus={errors[field] ? 'error' : undefined}
      help={errors[field] ? <span data-testid={`edit-error-${field}`}>{errors[field]}</span> : undefined}
    >
      {input}
    </Form.Item>
  );

  return (
    <Form layout="vertical" onFinish={submit} noValidate data-testid="edit-client-form">
      {FIELDS.map(({ field, label, type, autoComplete }) =>
        item(
          field,
          label,
          <Input
            id={`edit-client-${field}`}
            name={field}
            type={type}
            autoComplete={autoComplete}
            placeholder={current[field]}
            value={values[field] ?? ''}
            onChange={(e) => change(field, e.target.value)}
          />,
        ),
      )}
      <Form.Item label="Localidad" htmlFor="edit-client-localityId">
        <LocalityField
          id="edit-client-localityId"
          value={localityId === undefined ? (current.localityId ?? null) : localityId}
          onChange={(id) => setLocalityId(id)}
          data-testid="edit-client-locality"
        />
      </Form.Item>
      {CREDENTIAL_FIELDS.filter(({ field }) => field === 'password' || needsCurrentPassword).map(({ field, label, autoComplete, testId }) =>
        item(
          field,
          label,
          <Input.Password
            id={`edit-client-${field}`}
            name={field}
            autoComplete={autoComplete}
            value={secrets[field] ?? ''}
            onChange={(e) => change(field, e.target.value)}
            data-testid={testId}
          />,
        ),
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="edit-error" />}
      <Button type="primary" htmlType="submit" loading={update.isPending} block>
        Guardar Cambios
      </Button>
    </Form>
  );
}

interface EditClientModalProps extends EditClientFormProps {
  open: boolean;
  onClose: () => void;
}

/** "Editar Cliente": the form starts blank each time it opens. */
export function EditClientModal({ open, onClose, ...formProps }: EditClientModalProps) {
  return (
    <Modal title="Editar Cliente" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <EditClientForm {...formProps} />
    </Modal>
  );
}
