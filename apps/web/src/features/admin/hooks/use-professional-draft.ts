import { DAYS, type ManagedProfessional } from '@oficios/domain';
import { useCallback, useMemo, useState } from 'react';
import type { ProfessionalUpdate } from '../api/update-professional';
import { serviceAreaBodyOf, serviceAreaValueOf, type ServiceAreaValue } from '../../localities';

/** The text fields "Editar Profesionales" edits one at a time. */
export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'address', 'phoneNumber', 'profileImg'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type ListField = 'availableDays' | 'professions';
/** The fields whose one value "Cambiar" replaces: the text fields, the price per day (pesos), "Sobre mi" and the area. */
export type ValueField = TextField | 'dayPrice' | 'aboutMe' | 'serviceArea';
export type DraftField = ValueField | ListField;

export type Draft = Record<TextField, string> & {
  dayPrice: number;
  aboutMe: string;
  availableDays: string[];
  professions: string[];
  serviceArea: ServiceAreaValue;
};

export function draftOf(professional: ManagedProfessional): Draft {
  return {
    firstName: professional.firstName,
    lastName: professional.lastName,
    email: professional.email,
    address: professional.address,
    phoneNumber: professional.phoneNumber,
    profileImg: professional.profileImg ?? '',
    dayPrice: professional.dayPrice,
    aboutMe: professional.aboutMe ?? '',
    availableDays: [...professional.availableDays],
    professions: professional.professions.map((profession) => profession.name),
    serviceArea: serviceAreaValueOf(professional.serviceArea),
  };
}

const sameArea = (a: ServiceAreaValue, b: ServiceAreaValue) =>
  JSON.stringify(serviceAreaBodyOf(a)) === JSON.stringify(serviceAreaBodyOf(b));

const dayOrder = (day: string) => {
  const index = (DAYS as readonly string[]).indexOf(day);
  return index === -1 ? DAYS.length : index;
};

const sameList = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The PUT body: the whole professional with the pending changes applied. */
export function payloadOf(professional: ManagedProfessional, draft: Draft): ProfessionalUpdate {
  return {
    id: professional.id,
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    address: draft.address,
    phoneNumber: draft.phoneNumber,
    profileImg: draft.profileImg === '' ? null : draft.profileImg,
    professions: draft.professions,
    availableDays: draft.availableDays,
    rating: professional.rating,
    reputation: professional.reputation,
    dayPrice: draft.dayPrice,
    // A bio never written stays so (null) unless one was set here.
    aboutMe: draft.aboutMe === (professional.aboutMe ?? '') ? professional.aboutMe : draft.aboutMe,
    // Sent only when changed here (null removes it); left out, the stored area stays.
    ...(sameArea(draft.serviceArea, serviceAreaValueOf(professional.serviceArea))
      ? {}
      : { serviceArea: serviceAreaBodyOf(draft.serviceArea) }),
  };
}

/**
 * Pending (local) changes to one professional: nothing reaches the server until
 * "Finalizar Cambios" sends `payload`. The draft outlives failed saves.
 */
export function useProfessionalDraft(professional: ManagedProfessional) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(professional));
  const original = useMemo(() => draftOf(professional), [professional]);

  const apply = useCallback(<F extends ValueField>(field: F, value: Draft[F]) => setDraft((d) => ({ ...d, [field]: value })), []);
  const add = useCallback(
    (field: ListField, value: string) =>
      setDraft((d) => {
        if (d[field].includes(value)) return d;
        const list = [...d[field], value];
        return { ...d, [field]: field === 'availableDays' ? list.sort((a, b) => dayOrder(a) - dayOrder(b)) : list };
      }),
    [],
  );
  const remove = useCallback(
    (field: ListField, value: string) => setDraft((d) => ({ ...d, [field]: d[field].filter((v) => v !== value) })),
    [],
  );

  const changed = useMemo(() => {
    const fields = new Set<DraftField>();
    for (const field of [...TEXT_FIELDS, 'dayPrice', 'aboutMe'] as const) if (draft[field] !== original[field]) fields.add(field);
    if (!sameList(draft.availableDays, original.availableDays)) fields.add('availableDays');
    if (!sameList(draft.professions, original.professions)) fields.add('professions');
    if (!sameArea(draft.serviceArea, original.serviceArea)) fields.add('serviceArea');
    return fields;
  }, [draft, original]);

  return { draft, changed, apply, add, remove, payload: payloadOf(professional, draft) };
}
