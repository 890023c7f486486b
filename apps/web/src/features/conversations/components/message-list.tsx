import type { MessageView } from '@oficios/domain';
import { Spin } from 'antd';
import { useLayoutEffect, useRef, type UIEvent } from 'react';
import { MessageBubble } from '../../../shared/ui/message-bubble';
import { Typography } from '../../../shared/ui/typography';

/** How close to the top (px) the list asks for older messages, and to the bottom it counts as "at the end". */
const LOAD_OLDER_WITHIN = 80;
const AT_END_WITHIN = 120;

interface MessageListProps {
  messages: readonly MessageView[];
  viewerId: number;
  /** The message "Visto" goes under, if any. */
  seenId: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

interface ScrollSnapshot {
  firstId: number | null;
  lastId: number | null;
  scrollTop: number;
  scrollHeight: number;
  atEnd: boolean;
}

/**
 * The history, oldest at the top, in its own scrolling box: it opens at the newest message, asks for older ones when
 * scrolled near the top and keeps what was on screen in place when they arrive above, and follows new messages when
 * the reader was at the end (or wrote them).
 */
export function MessageList({ messages, viewerId, seenId, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const snapshot = useRef<ScrollSnapshot>({ firstId: null, lastId: null, scrollTop: 0, scrollHeight: 0, atEnd: true });
  const firstId = messages[0]?.id ?? null;
  const last = messages.at(-1);
  const lastId = last?.id ?? null;

  const remember = (element: HTMLDivElement) => {
    snapshot.current.scrollTop = element.scrollTop;
    snapshot.current.scrollHeight = element.scrollHeight;
    snapshot.current.atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_WITHIN;
  };

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = snapshot.current;
    if (before.firstId === null) {
      element.scrollTop = element.scrollHeight; // first messages: open at the newest
    } else if (firstId !== null && firstId < before.firstId) {
      element.scrollTop = before.scrollTop + (element.scrollHeight - before.scrollHeight); // older ones above: stay put
    } else if (lastId !== null && lastId !== before.lastId && (before.atEnd || last?.senderId === viewerId)) {
      element.scrollTop = element.scrollHeight; // a new message at the end: follow it
    }
    snapshot.current.firstId = firstId;
    snapshot.current.lastId = lastId;
    remember(element);
    // Too few to scroll: there is no "near the top" to reach, so ask for older ones now.
    if (hasOlder && !loadingOlder && element.scrollHeight <= element.clientHeight) onLoadOlder();
  }, [firstId, lastId, last?.senderId, viewerId, hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    remember(element);
    if (element.scrollTop <= LOAD_OLDER_WITHIN && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={box}
      onScroll={onScroll}
      data-testid="message-list"
      role="log"
      aria-label="Mensajes de la conversación"
      // Focusable so that the keyboard can scroll it too (text-only messages hold nothing else to focus).
      tabIndex={0}
      style={{ height: 'max(320px, calc(100vh - 420px))', overflowY: 'auto', padding: '8px 12px', background: '#fff', borderRadius: 8 }}
    >
      <div style={{ textAlign: 'center', minHeight: 24 }}>
        {loadingOlder ? (
          <Spin size="small" />
        ) : hasOlder ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="conversation-start">
            {messages.length === 0 ? 'Todavía no hay mensajes: escribe el primero.' : 'Inicio de la conversación'}
          </Typography.Text>
        )}
      </div>
      {messages.map((message) => (
        <MessageBubble key={message.id} message={message} own={message.senderId === viewerId} seen={message.id === seenId} />
      ))}
    </div>
  );
}
