import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useGoToConversation } from '../hooks/use-go-to-conversation';

/** "Ver conversación" on a booking (the client's history line, the professional's job): its thread. */
export function ConversationLink({ lineId }: { lineId: number }) {
  const { go, pending, toastHolder } = useGoToConversation();
  return (
    <>
      {toastHolder}
      <Button icon={<MessageOutlined />} loading={pending} onClick={() => go({ lineId })} data-testid="open-conversation">
        Ver conversación
      </Button>
    </>
  );
}
