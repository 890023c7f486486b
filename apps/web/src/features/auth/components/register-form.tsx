import { FIELD_MAX_LENGTHS, type SessionAnswer } from '@oficios/domain';
import { Alert, Button, Checkbox, Divider, Form, Input } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { useRegister } from '../api/register';
import { googleProfileAtom } from '../atoms/google-profile.atom';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { errorMessage } from '../../../shared/api/error-message';
import {
  buildRegistrationPayload,
  clearErrors,
  FORM_ALERT,
  registrationErrors,
  splitErrors,
  type RegistrationKind,
  type RegistrationValues,
} from '../lib/registration-form';
import { GoogleButton } from './google-button';
import { BusinessTermsItems } from '../../../shared/ui/business-fields';
import { ProfessionsField } from '../../../shared/ui/professions-field';
import { ProfileImageField } from '../../../shared/ui/profile-image-field';
import { EMPTY_SERVICE_AREA, SERVICE_AREA_HINT, ServiceAreaField } from '../../localities';

interface RegisterFormProps {
  kind: RegistrationKind;
  /** Registered (or, through Google, signed in to an existing account): the user is signed in. */
  onSignedIn: (answer: SessionAnswer, registered: boolean) => void;
}

/**
 * The registration form of both drawers. Checked on submit with the shared
 * domain rules (messages under each field, the form alert, nothing sent while
 * anything is wrong); the server's 400/409 field errors land under their fields.
 * With a Google account chosen the e-mail is locked to it and no password is asked.
 */
export function RegisterForm({ kind, onSignedIn }: RegisterFormProps) {
  const [form] = Form.useForm<RegistrationValues>();
  const [googleProfile, setGoogleProfile] = useAtom(googleProfileAtom);
  const [alert, setAlert] = useState<string | null>(null);
  const registerMutation = useRegister();
  const google = useGoogleSignIn(kind === 'cliente' ? 'register-cliente' : 'register-profesional', (answer) => onSignedIn(answer, false));

  // A Google account chosen (here or in the login drawer): lock the e-mail, prefill names and picture.
  useEffect(() => {
    if (!googleProfile) return;
    const current = form.getFieldsValue(true) as RegistrationValues;
    form.setFieldsValue({
      email: googleProfile.email,
      firstName: googleProfile.firstName || current.firstName,
      lastName: googleProfile.lastName || current.lastName,
      profileImg: current.profileImg || googleProfile.picture,
      password: undefined,
      confirmPassword: undefined,
    });
    form.setFields([{ name: 'email', errors: [] }]);
  }, [googleProfile, form]);

  const showErrors = (errors: { field: string; message: string }[], fallback: string | null) => {
    const { fields, other } = splitErrors(errors);
    form.setFields(fields);
    setAlert(other[0] ?? (errors.length > 0 ? FORM_ALERT : fallback));
  };

  const submit = (values: RegistrationValues) => {
    const payload = buildRegistrationPayload(values, kind, googleProfile);
    const errors = registrationErrors(values, payload);
    showErrors(errors, null);
    if (errors.length > 0) return;
    registerMutation.mutate(payload, {
      onSuccess: (answer) => {
        setGoogleProfile(null);
        onSignedIn(answer, true);
      },
      onError: (error) => {
        if (isApiError(error, 409)) {
          const message = error.errors.find((e) => e.field === 'email')?.message ?? error.message;
          showErrors([{ field: 'email', message }], null);
        } else if (isApiError(error, 400) && error.errors.length > 0) {
          showErrors(error.errors, null);
        } else {
          showErrors([], errorMessage(error));
        }
      },
    });
  };

  const locked = googleProfile !== null;
  return (
    <>
      {locked ? (
        <Alert
          type="info"
          showIcon
          title={`Te registras con tu cuenta de Google ${googleProfile.email}`}
          action={
            <Button size="small" onClick={google.start} data-testid="google-switch-account">
              Usar Otra Cuenta
            </Button>
          }
          data-testid="google-account"
        />
      ) : (
        <GoogleButton onClick={google.start} />
      )}
      {google.error && <Alert type="error" showIcon title={google.error} style={{ marginTop: 16 }} data-testid="google-error" />}
      <Divider plain>{locked ? 'Completa tus datos' : 'o con tu correo'}</Divider>
      <Form<RegistrationValues>
        form={form}
        name={`register-${kind}`}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={(changed: RegistrationValues) => clearErrors(form, changed)}
        disabled={registerMutation.isPending}
        initialValues={{ professions: [], availableDays: [], serviceArea: EMPTY_SERVICE_AREA, terms: false }}
      >
        <Form.Item label="Correo" name="email">
          <Input type="email" autoComplete="email" disabled={locked} />
        </Form.Item>
        {!locked && (
          <>
            <Form.Item label="Contraseña" name="password">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item label="Confirmar contraseña" name="confirmPassword">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item label="Nombre" name="firstName">
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Apellido" name="lastName">
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Dirección" name="address">
          <Input autoComplete="street-address" />
        </Form.Item>
        <Form.Item label="Teléfono" name="phoneNumber">
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="Imagen de perfil" name="profileImg">
          <ProfileImageField />
        </Form.Item>
        {kind === 'profesional' && (
          <>
            <Form.Item label="Sobre mi" name="aboutMe">
              <Input.TextArea rows={4} maxLength={FIELD_MAX_LENGTHS.aboutMe} showCount />
            </Form.Item>
            <Form.Item label="Profesiones" name="professions">
              <ProfessionsField />
            </Form.Item>
            <BusinessTermsItems />
            <Form.Item label="Zona de trabajo" name="serviceArea" extra={SERVICE_AREA_HINT}>
              <ServiceAreaField />
            </Form.Item>
          </>
        )}
        <Form.Item name="terms" valuePropName="checked">
          <Checkbox data-testid="terms-checkbox">Acepto términos y condiciones</Checkbox>
        </Form.Item>
        {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} data-testid="register-error" />}
        <Button type="primary" htmlType="submit" block size="large" loading={registerMutation.isPending} data-testid="register-submit">
          Registrame
        </Button>
      </Form>
    </>
  );
}
