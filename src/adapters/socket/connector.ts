import type { Cookies } from '../cookies';
import { socketUrl } from '../rest/urls';
import { RealtimeSocket, type RealtimeEvents, type RealtimeOptions, type SocketFactory } from './realtime-socket';

/** Opens the layout's socket for the current session; the store calls it with its handlers. */
export type RealtimeConnector = (events: RealtimeEvents) => RealtimeSocket;

export interface ConnectorOptions {
  /** Configured server URL ('' = the console's own origin). */
  serverUrl: string;
  /** Path template with {token}: 'api/ws/{token}/' (reference server) or 'ws/{token}/' (real back end). */
  wsPath: string;
  cookies: Cookies;
  /** Where the console runs, for a same-origin server URL. */
  origin?: { protocol: string; host: string };
  createSocket?: SocketFactory;
  /** Back-off and limits (tests shorten them). */
  tuning?: Pick<RealtimeOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAuthFailures' | 'maxHandshakeFailures' | 'random'>;
}

/** The socket URL comes from the server URL and the path template, with the token cookie read at each attempt. */
export function createRealtimeConnector(options: ConnectorOptions): RealtimeConnector {
  return (events) =>
    new RealtimeSocket({
      ...options.tuning,
      events,
      ...(options.createSocket ? { createSocket: options.createSocket } : {}),
      url: () => {
        const token = options.cookies.get('token');
        if (!token || token === 'undefined') return null;
        const origin = options.origin ?? (typeof location === 'undefined' ? { protocol: 'http:', host: '127.0.0.1' } : location);
        return socketUrl(options.serverUrl, options.wsPath, token, origin);
      },
    });
}
