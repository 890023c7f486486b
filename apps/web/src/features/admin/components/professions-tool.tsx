import { capitalize, normalizeSearchText, type Profession } from '@oficios/domain';
import { Alert, Button, Flex, Input, Popconfirm, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useProfessions } from '../../../shared/api/get-professions';
import { useCreateProfession } from '../api/create-profession';
import { useDeleteProfession } from '../api/delete-profession';
import { Typography } from '../../../shared/ui/typography';

type Feedback = { type: 'success' | 'error'; text: string };

function ProfessionBadge({ profession, onDelete }: { profession: Profession; onDelete: (profession: Profession) => Promise<void> }) {
  const name = capitalize(profession.name);
  return (
    <Popconfirm
      title={`¿Borrar la profesion ${name}?`}
      description="Solo se puede borrar si ningún profesional la tiene."
      okText="Borrar"
      cancelText="Cancelar"
      okButtonProps={{ danger: true }}
      onConfirm={() => onDelete(profession)}
    >
      <Tag
        color="geekblue"
        role="button"
        tabIndex={0}
        title="Click para borrar"
        data-testid="profession-badge"
        data-name={profession.name}
        style={{ cursor: 'pointer', marginInlineEnd: 0, fontSize: 14, padding: '2px 10px' }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            event.currentTarget.click();
          }
        }}
      >
        {name}
      </Tag>
    </Popconfirm>
  );
}

/** "Crear Profesiones": the existing ones as badges (click one to delete it) and a field to add one. */
export function ProfessionsTool() {
  const professions = useProfessions();
  const create = useCreateProfession();
  const remove = useDeleteProfession();
  const [name, setName] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const list = professions.data ?? [];

  const submit = async () => {
    const trimmed = name.trim();
    if (trimmed === '' || create.isPending) return;
    const existing = list.find((p) => normalizeSearchText(p.name) === normalizeSearchText(trimmed));
    if (existing) return setFeedback({ type: 'error', text: `La profesion ${existing.name} ya existe` });
    setFeedback(null);
    try {
      // Spec: the new id is the current count plus one (the server assigns its own).
      const created = await create.mutateAsync({ name: trimmed, id: list.length + 1 });
      setName('');
      setFeedback({ type: 'success', text: `Profesion ${capitalize(created?.name ?? trimmed)} creada` });
    } catch (error) {
      setFeedback({ type: 'error', text: errorMessage(error) });
    }
  };

  const onDelete = async (profession: Profession) => {
    setFeedback(null);
    try {
      await remove.mutateAsync(profession.id);
      setFeedback({ type: 'success', text: `Profesion ${capitalize(profession.name)} borrada` });
    } catch (error) {
      setFeedback({ type: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Flex vertical gap="middle" data-testid="professions-tool">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Crea una nueva profesion
      </Typography.Title>
      {professions.isPending ? (
        <Spin />
      ) : professions.isError || list.length === 0 ? (
        <Alert type="error" showIcon title="Error, no se encuentran las profesiones..." data-testid="professions-missing" />
      ) : (
        <Flex wrap gap={8} data-testid="profession-badges">
          {list.map((profession) => (
            <ProfessionBadge key={profession.id} profession={profession} onDelete={onDelete} />
          ))}
        </Flex>
      )}
      <Space.Compact style={{ maxWidth: 420 }}>
        <Input
          placeholder="Nueva profesion..."
          aria-label="Nueva profesion"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void submit()}
          data-testid="new-profession"
        />
        <Button
          type="primary"
          onClick={() => void submit()}
          disabled={name.trim() === ''}
          loading={create.isPending}
          data-testid="create-profession"
        >
          Crear
        </Button>
      </Space.Compact>
      {feedback && (
        <Alert
          type={feedback.type}
          showIcon
          closable
          title={feedback.text}
          onClose={() => setFeedback(null)}
          data-testid="professions-feedback"
        />
      )}
    </Flex>
  );
}
