import type { QueryClient } from '@tanstack/react-query';
import { SESSION_CHANNEL } from '../../shared/session-cookies';

/** What one tab tells the others: the browser's session (one cookie for all tabs) changed. */
export type SessionMessage = { type: 'signedIn'; userId: number } | { type: 'signedOut' };

type Listener = (message: SessionMessage) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

/** One channel per tab, for sending and hearing: a channel object does not hear its own messages. */
function tabChannel() {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    if (channel)
      channel.onmessage = (e: MessageEvent<SessionMessage>) => {
        for (const listener of listeners) listener(e.data);
      };
  }
  return channel;
}

/** Tells the other tabs of this browser. */
export function announceSession(message: SessionMessage) {
  tabChannel()?.postMessage(message);
}

/** Listens to the other tabs; returns the function that stops listening. */
export function onSessionMessage(listener: Listener): () => void {
  tabChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query key of the signed-in session (auth's session query); the shell reads it without loading auth. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Drops every cached answer of the user (the app's public configuration stays). */
export function forgetUserData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app' });
}
