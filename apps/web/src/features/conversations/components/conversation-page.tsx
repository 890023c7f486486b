import type { MeAnswer } from '@oficios/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, message, Result } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { isApiError } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/error-message';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { useMarkRead, useSendMessage, type NewMessage } from '../api/conversation-actions';
import { useConversation } from '../api/get-conversations';
import { messagesKey } from '../api/conversation-keys';
import { catchUpMessages, useMessages } from '../api/get-messages';
import { readingConversationAtom } from '../atoms/reading.atom';
import { flattenMessages, seenMessageId } from '../lib/message-cache';
import { bookingOf } from '../lib/participants';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { MaskedNote } from './masked-note';
import { MessageList } from './message-list';
import { ReportButton } from './report-button';

const backToInbox = (
  <LinkButton to="/mensajes" type="primary">
    Volver a Mensajes
  </LinkButton>
);

/** Marks the conversation read up to its newest message whenever one from the other side is on screen. */
function useReadOnView(conversationId: number, viewerId: number, messages: ReturnType<typeof flattenMessages>) {
  const { mutate } = useMarkRead(conversationId, viewerId);
  const postedUpTo = useRef(0);
  const newest = messages.at(-1)?.id ?? 0;
  const unseenFromOther = messages.some((m) => m.id > postedUpTo.current && m.senderId !== null && m.senderId !== viewerId);

  useEffect(() => {
    const mark = () => {
      if (newest <= postedUpTo.current || !unseenFromOther || document.visibilityState === 'hidden') return;
      postedUpTo.current = newest;
      mutate(newest);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, unseenFromOther, mutate]);
}

interface ConversationPageProps {
  conversationId: number;
  session: MeAnswer;
}

/**
 * /mensajes/:id: the other person (and the booking) on top, the history scrolling up 30 at a time, system lines
 * apart, "Visto" under the viewer's message the other side has read, and the composer. New messages arrive by the
 * socket; what is shown is marked read.
 */
export function ConversationPage({ conversationId, session }: ConversationPageProps) {
  const viewerId = session.dataValues.id;
  const conversation = useConversation(conversationId);
  const history = useMessages(conversationId);
  const send = useSendMessage(conversationId, viewerId);
  const queryClient = useQueryClient();
  const [toast, toastHolder] = message.useMessage();
  const setReading = useSetAtom(readingConversationAtom);

  useEffect(() => {
    setReading(conversationId);
    return () => setReading((current) => (current === conversationId ? null : current));
  }, [conversationId, setReading]);

  // A history kept from an earlier visit may miss what came while the socket was away: ask for anything newer.
  useEffect(() => {
    void catchUpMessages(queryClient, conversationId).catch(() => undefined);
  }, [queryClient, conversationId]);

  // Texts come masked for the viewer: when the conversation stops masking (the booking was paid), read them again.
  const masked = conversation.data?.masked;
  const maskedBefore = useRef(masked);
  useEffect(() => {
    if (maskedBefore.current === true && masked === false) void queryClient.resetQueries({ queryKey: messagesKey(conversationId) });
    maskedBefore.current = masked;
  }, [masked, queryClient, conversationId]);

  const messages = useMemo(() => flattenMessages(history.data), [history.data]);
  useReadOnView(conversationId, viewerId, messages);

  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = history;
  const loadOlder = useCallback(() => {
    if (hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
  }, [hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage]);

  const onSend = (draft: NewMessage) =>
    send.mutateAsync(draft).catch((error: unknown) => {
      void toast.error(errorMessage(error));
      throw error;
    });

  const failed = conversation.error ?? history.error;
  if (isApiError(failed, 404) || isApiError(failed, 403)) {
    return (
      <div data-testid="conversation-unavailable">
        <Result
          status="404"
          title="La conversación no existe"
          subTitle="No encontramos esa conversación entre las tuyas."
          extra={backToInbox}
        />
      </div>
    );
  }
  if (failed) {
    return (
      <Flex vertical gap="middle" align="flex-start">
        <QueryError error={failed} title="No se pudo cargar la conversación" />
        {backToInbox}
      </Flex>
    );
  }
  const view = conversation.data;
  if (!view || history.isPending) return <PageSpinner label="Cargando conversación" />;

  return (
    <Card data-testid="conversation-page" data-conversation-id={conversationId}>
      {toastHolder}
      <Flex vertical gap="middle">
        <ConversationHeader
          conversation={view}
          viewerId={viewerId}
          booking={bookingOf(session, view.lineId)}
          actions={<ReportButton conversationId={conversationId} reported={view.reported} />}
        />
        <MaskedNote masked={view.masked} />
        <MessageList
          messages={messages}
          viewerId={viewerId}
          seenId={seenMessageId(messages, viewerId, view.otherReadUpTo)}
          hasOlder={hasPreviousPage}
          loadingOlder={isFetchingPreviousPage}
          onLoadOlder={loadOlder}
        />
        <Composer onSend={onSend} sending={send.isPending} />
      </Flex>
    </Card>
  );
}
