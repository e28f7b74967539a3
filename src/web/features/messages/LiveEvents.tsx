import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isSigningOut } from '../auth/api';
import { dealKeys } from '../deals/api';
import { notificationKeys } from '../notifications/api';
import { messageKeys, refreshConversation } from './api';

const conversationOf = (data: string): string | undefined => {
  try {
    const v = JSON.parse(data) as { conversationId?: unknown };
    return typeof v.conversationId === 'string' ? v.conversationId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The signed-in user's event stream (GET /api/events): a new message, a read receipt or a notification
 * refreshes the queries that show it. The browser reconnects by itself; after a reconnect everything
 * message-related is refetched, since events sent meanwhile were missed. Renders nothing.
 */
export function LiveEvents({ userId }: { userId: string }) {
  const qc = useQueryClient();
  useEffect(() => {
    // mounted while a sign-out is under way (a page that leaves first, then signs out): the session is
    // going, so a stream would only be refused
    if (typeof EventSource === 'undefined' || isSigningOut()) return;
    const es = new EventSource('/api/events');
    let connectedBefore = false;
    es.addEventListener('ready', () => {
      if (connectedBefore) {
        void qc.invalidateQueries({ queryKey: messageKeys.all });
        void qc.invalidateQueries({ queryKey: notificationKeys.all });
        void qc.invalidateQueries({ queryKey: dealKeys.all });
      }
      connectedBefore = true;
    });
    const onConversation = (e: MessageEvent<string>) => refreshConversation(qc, conversationOf(e.data));
    es.addEventListener('message', onConversation);
    es.addEventListener('read', onConversation);
    // every deal step notifies the other side: an open deal page follows it
    es.addEventListener('notification', () => {
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      void qc.invalidateQueries({ queryKey: dealKeys.all });
    });
    return () => es.close();
  }, [qc, userId]);
  return null;
}
