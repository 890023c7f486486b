import { message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/error-message';
import { useOpenConversation, type OpenConversationInput } from '../api/conversation-actions';

/** Opens (or creates) a conversation and goes to its page; a refusal shows as a toast (render `toastHolder`). */
export function useGoToConversation() {
  const open = useOpenConversation();
  const navigate = useNavigate();
  const [toast, toastHolder] = message.useMessage();
  const go = (input: OpenConversationInput) =>
    open.mutate(input, {
      onSuccess: (conversation) => navigate(`/mensajes/${conversation.id}`),
      onError: (error) => void toast.error(errorMessage(error)),
    });
  return { go, pending: open.isPending, toastHolder };
}
