import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useGoToConversation } from '../hooks/use-go-to-conversation';

/** "Ver conversación" on a booking (in the client's history, or the professional's job): its thread. */
export function ConversationLink({ bookingId }: { bookingId: number }) {
  const { go, pending, toastHolder } = useGoToConversation();
  return (
    <>
      {toastHolder}
      <Button icon={<MessageOutlined />} loading={pending} onClick={() => go({ lineId: bookingId })} data-testid="open-conversation">
        Ver conversación
      </Button>
    </>
  );
}
