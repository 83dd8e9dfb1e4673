import { WebSocket as MockWebSocket } from 'mock-socket';
import type { RealtimeConnector } from '../../src/adapters/socket/connector';
import { RealtimeSocket, type SocketLike } from '../../src/adapters/socket/realtime-socket';

/**
 * The console's real socket client on a mock-socket server at `url`, with short retry delays, for
 * stories that push frames to a feature: the feature's mocks build the server, this builds the client.
 */
export function mockSocketConnector(url: string): RealtimeConnector {
  return (events) =>
    new RealtimeSocket({
      url: () => url,
      events,
      createSocket: (u) => new MockWebSocket(u) as unknown as SocketLike,
      baseDelayMs: 20,
      maxDelayMs: 80,
      maxAuthFailures: 3,
      maxHandshakeFailures: 3,
    });
}
