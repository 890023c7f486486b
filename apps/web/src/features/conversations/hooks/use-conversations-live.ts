import {
  SOCKET_EVENTS,
  SOCKET_TOO_MANY_CONNECTIONS,
  SOCKET_UNAUTHORIZED,
  type SocketEventPayloads,
  type SocketRefusalData,
} from '@oficios/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { API_URL, readCookie, XSRF_COOKIE } from '../../../shared/api/api-client';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { conversationListKey, MESSAGES_QUERY_KEY, unreadTotalKey } from '../api/conversation-keys';
import { receiveMessage, receiveReadReceipt } from '../api/conversation-actions';
import { catchUpMessages } from '../api/get-messages';
import { readingConversationAtom } from '../atoms/reading.atom';

/** What the server sends (the client sends nothing: HTTP posts, the socket delivers). */
type ServerEvents = { [Event in keyof SocketEventPayloads]: (payload: SocketEventPayloads[Event]) => void };

export type LiveSocket = Socket<ServerEvents, Record<string, never>>;

/** The one connection of a signed-in session, on the API's origin, with its session cookie and anti-forgery token. */
export function connectLive(): LiveSocket {
  // The origin alone: a path in the address would be taken for a socket.io namespace.
  return io(new URL(API_URL).origin, {
    withCredentials: true,
    // A function: every (re)connection reads the cookie then, after a sign-in has issued a new token.
    auth: (send) => send({ xsrf: readCookie(XSRF_COOKIE) ?? '' }),
  });
}

/**
 * Keeps React Query's cache live for the signed-in `viewerId`: new messages join their conversation's history and the
 * inbox, read receipts move "Visto" and clear counts, `unread` sets the top bar's badge. On every (re)connection it
 * catches up each loaded history from its last message id and refetches the inbox and the total, so a dropped
 * socket loses nothing and shows nothing twice. Disconnects when the component unmounts (sign-out).
 */
export function useConversationsLive(viewerId: number) {
  const queryClient = useQueryClient();
  const reading = useAtomValue(readingConversationAtom);
  const readingRef = useRef(reading);
  useEffect(() => {
    readingRef.current = reading;
  }, [reading]);

  useEffect(() => {
    const socket = connectLive();
    socket.on('connect', () => {
      const histories = queryClient.getQueriesData({ queryKey: MESSAGES_QUERY_KEY });
      for (const [key, data] of histories) {
        const id = key[MESSAGES_QUERY_KEY.length];
        if (typeof id === 'number' && data !== undefined) void catchUpMessages(queryClient, id).catch(() => undefined);
      }
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
      void queryClient.invalidateQueries({ queryKey: unreadTotalKey });
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    // socket.io-client never retries a handshake the server refused, nor a socket the server closed (a sign-out, or
    // the user's oldest past the server's cap of open sockets): no tug of war with the other tabs.
    socket.on('connect_error', (error: Error & { data?: Partial<SocketRefusalData> }) => {
      // Refused at the handshake: the session may have ended; the session query says so and the app follows.
      if (error.message === SOCKET_UNAUTHORIZED) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      // Too many connections lately: one new try when the server said the window ends.
      if (error.message === SOCKET_TOO_MANY_CONNECTIONS) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), (error.data?.retryAfter ?? 60) * 1000);
      }
    });
    socket.on(SOCKET_EVENTS.messageNew, (message) =>
      receiveMessage(queryClient, message, { viewerId, reading: readingRef.current === message.conversationId }),
    );
    socket.on(SOCKET_EVENTS.messageRead, (receipt) => receiveReadReceipt(queryClient, receipt, viewerId));
    socket.on(SOCKET_EVENTS.unread, ({ total }) => queryClient.setQueryData(unreadTotalKey, { total }));
    // One of the user's orders changed (paid, cancelled, replaced): the history, part of the session, is read again.
    socket.on(SOCKET_EVENTS.orderStatus, () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }));
    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [queryClient, viewerId]);
}
