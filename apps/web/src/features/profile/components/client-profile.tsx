import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, message } from 'antd';
import { useState, type ReactNode } from 'react';
import type { OrderLine } from '../../../shared/api/get-session';
import { EditClientModal } from './edit-client-modal';
import { ProfileCard, type ProfilePerson } from './profile-card';
import { PurchaseHistory } from './purchase-history';

interface ClientProfileProps {
  client: ProfilePerson & { id: number };
  history: OrderLine[];
  /** Passed through to each history line (the reviews issue adds "Deja una Reseña" here). */
  lineAction?: (line: OrderLine) => ReactNode;
}

/** The client profile: contact data, "Editar Perfil" and "Historial de Compras". */
export function ClientProfile({ client, history, lineAction }: ClientProfileProps) {
  const [editing, setEditing] = useState(false);
  const [messages, contextHolder] = message.useMessage();

  const onSaved = (saved: boolean) => {
    setEditing(false);
    if (saved) void messages.success('Perfil actualizado con éxito');
    else void messages.info('No modificaste ningún dato');
  };

  return (
    <Flex vertical gap="large" data-testid="client-profile">
      {contextHolder}
      <ProfileCard person={client}>
        <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-profile-button">
          Editar Perfil
        </Button>
      </ProfileCard>
      <PurchaseHistory lines={history} lineAction={lineAction} />
      <EditClientModal open={editing} onClose={() => setEditing(false)} clientId={client.id} current={client} onSaved={onSaved} />
    </Flex>
  );
}
