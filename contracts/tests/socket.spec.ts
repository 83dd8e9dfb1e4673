import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { expectKnownDifference } from '../known-differences';
import { SOCKET_CLOSE, socketFrame } from '../schemas';
import { expectShape } from './support/expect-contract';
import { withTamperedSignature } from './support/jwt';
import { describeOutcome, firstSocketEvent } from './support/socket';

/** The first frame after connecting (API-CONTRACT §12). */
const CONNECT_CONTENTS = ['连接成功', '请查看您的未读消息~'];

areaTests('messages', () => {
test.describe('socket', () => {
  test('ws/{token}/ sends the connect frame first', async ({ auth, target }) => {
    const { access } = await auth.session();
    const outcome = await firstSocketEvent(`${target.wsBase}/ws/${access}/`);
    expect(outcome.kind, describeOutcome(outcome)).toBe('frame');
    if (outcome.kind !== 'frame') return;
    const frame = expectShape(socketFrame, outcome.frame, 'connect frame');
    expect(frame).toMatchObject({ sender: 'system', contentType: 'SYSTEM' });
    expect(CONNECT_CONTENTS).toContain(frame.content);
    expect(frame.refresh_unread, 'refresh_unread is true exactly when there are unread messages').toBe(frame.content === '请查看您的未读消息~');
  });

  test('api/ws/{token}/ (the console\'s path) sends the connect frame first', async ({ auth, target }, testInfo) => {
    const { access } = await auth.session();
    const outcome = await firstSocketEvent(`${target.wsBase}/api/ws/${access}/`);
    const what = 'WEBSOCKET /api/ws/{token}/';
    await expectKnownDifference(testInfo, target, 'socketApiPath', {
      reference: () => {
        expect(outcome.kind, `${what}: ${describeOutcome(outcome)}`).toBe('frame');
        if (outcome.kind !== 'frame') return;
        const frame = expectShape(socketFrame, outcome.frame, `${what} connect frame`);
        expect(frame).toMatchObject({ sender: 'system', contentType: 'SYSTEM' });
        expect(CONNECT_CONTENTS).toContain(frame.content);
      },
      // §12: an unknown path fails the handshake (HTTP 500); a proxy may map it, then it is the reference case.
      upstream: () => expect(outcome, `${what}: ${describeOutcome(outcome)}`).toMatchObject({ kind: 'refused' }),
    });
  });

  for (const path of ['ws', 'api/ws']) {
    for (const kind of ['garbage', 'tampered'] as const) {
      test(`${path}/{token}/ with a ${kind} token is refused`, async ({ auth, target }, testInfo) => {
        const { access } = await auth.session();
        const bad = kind === 'garbage' ? 'garbage' : withTamperedSignature(access);
        const outcome = await firstSocketEvent(`${target.wsBase}/${path}/${bad}/`);
        const what = `WEBSOCKET /${path}/{${kind} token}/`;
        await expectKnownDifference(testInfo, target, 'socketBadToken', {
          reference: () => expect(outcome, `${what}: ${describeOutcome(outcome)}`).toEqual({ kind: 'closed', code: SOCKET_CLOSE.tokenInvalid, reason: 'token_not_valid' }),
          upstream: () => expect(outcome, `${what}: ${describeOutcome(outcome)}`).toEqual({ kind: 'refused', status: 500 }),
        });
      });
    }
  }
});
});
