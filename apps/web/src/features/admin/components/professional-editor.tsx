import { aboutMeSchema, capitalize, DAYS, dayPriceSchema, serviceAreaInputSchema, type ManagedProfessional } from '@oficios/domain';
import type { z } from 'zod';
import { Alert, Button, Descriptions, Flex, Form, Tooltip } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/error-message';
import { useProfessions } from '../../../shared/api/get-professions';
import { useUpdateProfessional } from '../api/update-professional';
import { useProfessionalDraft, type DraftField, type TextField } from '../hooks/use-professional-draft';
import { AboutRow, AreaRow, ListRow, PriceRow, TextRow } from './draft-field-rows';
import { serviceAreaBodyOf, type ServiceAreaValue } from '../../localities';
import { Typography } from '../../../shared/ui/typography';

const TEXT_ROWS: { field: TextField; label: string; numeric?: boolean }[] = [
  { field: 'firstName', label: 'Nombre' },
  { field: 'lastName', label: 'Apellido' },
  { field: 'email', label: 'Correo' },
  { field: 'address', label: 'Dirección' },
  { field: 'phoneNumber', label: 'Teléfono', numeric: true },
  { field: 'profileImg', label: 'Imagen' },
];
const ALL_FIELDS: string[] = [...TEXT_ROWS.map((row) => row.field), 'dayPrice', 'availableDays', 'professions', 'aboutMe', 'serviceArea'];
/** The area's parts (`serviceArea.radiusKm`...) show under its one row. */
const rowOf = (field: string) => (field.startsWith('serviceArea.') ? 'serviceArea' : field);
const EMAIL_TAKEN = 'Ya existe una cuenta con ese correo';

interface SaveFailure {
  message: string;
  /** Messages of fields the editor does not show (listed in the alert). */
  others: string[];
}

interface ProfessionalEditorProps {
  professional: ManagedProfessional;
  onSaved: (saved: ManagedProfessional) => void;
}

/** The loaded professional, field by field; "Finalizar Cambios" sends every pending change at once. */
export function ProfessionalEditor({ professional, onSaved }: ProfessionalEditorProps) {
  const { draft, changed, apply, add, remove, payload } = useProfessionalDraft(professional);
  const professions = useProfessions();
  const update = useUpdateProfessional();
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const finish = async () => {
    setErrors({});
    setFailure(null);
    try {
      onSaved(await update.mutateAsync(payload));
    } catch (error) {
      // The pending changes stay as they are: fix the named fields and try again.
      const byField: Partial<Record<DraftField, string>> = {};
      const others: string[] = [];
      for (const { field, message } of isApiError(error) ? error.errors : []) {
        if (ALL_FIELDS.includes(rowOf(field))) byField[rowOf(field) as DraftField] ??= message;
        else others.push(message);
      }
      if (isApiError(error, 409) && !byField.email) byField.email = error.message || EMAIL_TAKEN;
      setErrors(byField);
      setFailure({ message: errorMessage(error), others });
    }
  };

  /** Only a value the API's rule takes becomes pending; otherwise the rule's message shows under the field. */
  const checked = (field: 'dayPrice' | 'aboutMe' | 'serviceArea', result: z.ZodSafeParseResult<unknown>): boolean => {
    setErrors(({ [field]: _previous, ...others }) => (result.success ? others : { ...others, [field]: result.error.issues[0]?.message }));
    return result.success;
  };
  const applyPrice = (pesos: number) => {
    const taken = checked('dayPrice', dayPriceSchema.safeParse(pesos));
    if (taken) apply('dayPrice', pesos);
    return taken;
  };
  const applyAbout = (text: string) => {
    const taken = checked('aboutMe', aboutMeSchema.safeParse(text));
    if (taken) apply('aboutMe', text);
    return taken;
  };

  const applyArea = (area: ServiceAreaValue) => {
    const body = serviceAreaBodyOf(area);
    // No area at all is a choice too (listed everywhere); anything else follows the shared rule.
    const taken = checked(
      'serviceArea',
      body === null ? serviceAreaInputSchema.nullable().safeParse(null) : serviceAreaInputSchema.safeParse(body),
    );
    if (taken) apply('serviceArea', area);
    return taken;
  };

  const nothingPending = changed.size === 0;
  return (
    <Flex vertical gap="middle" data-testid="professional-editor" data-professional-id={professional.id}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'id', label: 'ID', children: <span data-testid="edit-id">{professional.id}</span> },
          {
            key: 'name',
            label: 'Profesional',
            children: <span data-testid="edit-name">{`${professional.firstName} ${professional.lastName}`}</span>,
          },
        ]}
      />
      <Form layout="vertical" component="div">
        {TEXT_ROWS.map(({ field, label, numeric }) => (
          <TextRow
            key={field}
            field={field}
            label={label}
            numeric={numeric}
            value={draft[field]}
            changed={changed.has(field)}
            error={errors[field]}
            onApply={(value) => apply(field, value)}
          />
        ))}
        <PriceRow
          label="Precio por dia"
          value={draft.dayPrice}
          changed={changed.has('dayPrice')}
          error={errors.dayPrice}
          onApply={applyPrice}
        />
        <ListRow
          field="availableDays"
          label="Dias disponibles"
          placeholder="Elegir dia"
          values={draft.availableDays}
          options={[...DAYS]}
          display={(day) => day}
          changed={changed.has('availableDays')}
          error={errors.availableDays}
          onAdd={(day) => add('availableDays', day)}
          onRemove={(day) => remove('availableDays', day)}
        />
        <ListRow
          field="professions"
          label="Profesiones"
          placeholder="Elegir profesion"
          values={draft.professions}
          options={(professions.data ?? []).map((profession) => profession.name)}
          loading={professions.isPending}
          display={capitalize}
          changed={changed.has('professions')}
          error={errors.professions}
          onAdd={(name) => add('professions', name)}
          onRemove={(name) => remove('professions', name)}
        />
        <AboutRow label="Sobre mi" value={draft.aboutMe} changed={changed.has('aboutMe')} error={errors.aboutMe} onApply={applyAbout} />
        <AreaRow
          label="Zona de trabajo"
          value={draft.serviceArea}
          changed={changed.has('serviceArea')}
          error={errors.serviceArea}
          onApply={applyArea}
        />
      </Form>
      {failure && (
        <Alert
          type="error"
          showIcon
          data-testid="edit-failure"
          title="No se pudieron guardar los cambios"
          description={
            <>
              <Typography.Paragraph style={{ margin: 0 }}>{failure.message}</Typography.Paragraph>
              {failure.others.length > 0 && (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {failure.others.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </>
          }
        />
      )}
      <Flex gap="small" wrap align="center">
        <Tooltip title={nothingPending ? 'No hay cambios pendientes' : undefined}>
          <Button type="primary" onClick={finish} loading={update.isPending} disabled={nothingPending} data-testid="finish-changes">
            Finalizar Cambios
          </Button>
        </Tooltip>
        {!nothingPending && (
          <Typography.Text type="secondary" data-testid="pending-count">
            {changed.size === 1 ? '1 campo sin guardar' : `${changed.size} campos sin guardar`}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
