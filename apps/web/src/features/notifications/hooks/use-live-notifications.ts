import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { env } from '@/config/env';
import { getLiveTicket, notificationKeys } from '../api/notifications-api';

/** Wait before asking a new ticket after the stream closed (server restart, expired ticket…). */
const RECONNECT_MS = 5_000;

/**
 * Keeps a Server-Sent Events stream open while signed in: each `notifications` event reloads the
 * bell's list, so a new notification shows within a second without a reload. EventSource cannot
 * send the bearer token, so the stream's URL carries a one-minute ticket obtained with it; when the
 * browser's own reconnection is refused (old ticket), a new ticket is asked.
 */
export function useLiveNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let stopped = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    const later = () => {
      if (!stopped) timer = window.setTimeout(() => void connect(), RECONNECT_MS);
    };

    async function connect() {
      try {
        const { ticket } = await getLiveTicket();
        if (stopped) return;
        source = new EventSource(
          `${env.API_URL}/lampNotification/live?ticket=${encodeURIComponent(ticket)}`,
        );
        source.addEventListener('notifications', refresh);
        // After a reconnection, catch up with what arrived while the stream was down.
        source.addEventListener('ready', refresh);
        source.onerror = () => {
          if (source?.readyState === EventSource.CLOSED) {
            source.close();
            source = null;
            later();
          }
        };
      } catch (error) {
        console.warn('Live notifications unavailable', error);
        later();
      }
    }

    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
