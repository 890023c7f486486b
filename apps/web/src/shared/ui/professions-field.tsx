import { capitalize } from '@oficios/domain';
import { Alert, Button, Checkbox, Spin } from 'antd';
import { useProfessions } from '../api/get-professions';

interface ProfessionsFieldProps {
  value?: string[];
  onChange?: (names: string[]) => void;
  id?: string;
}

/** One checkbox per profession of GET /home/professions (name capitalised); the value is the chosen names. */
export function ProfessionsField({ value, onChange, id }: ProfessionsFieldProps) {
  const professions = useProfessions();
  if (professions.isPending) return <Spin size="small" data-testid="professions-loading" />;
  if (professions.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title="No se pudieron cargar las profesiones"
        action={
          <Button size="small" onClick={() => void professions.refetch()}>
            Reintentar
          </Button>
        }
      />
    );
  }
  return (
    <div id={id} role="group" aria-label="Profesiones">
      <Checkbox.Group
        value={value}
        onChange={(names) => onChange?.(names as string[])}
        options={professions.data.map((p) => ({ label: capitalize(p.name), value: p.name }))}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}
        data-testid="professions-field"
      />
    </div>
  );
}
