/**
 * npm run simulate -- [--url http://127.0.0.1:8080] [--games 3] [--players 250] [--days 14] [--rate 0] [--seed 15]
 *                     [--token <superuser JWT> | --username superadmin --password admin123456]
 * Plays players of the first N games through the running server's real ingestion APIs (signed
 * event batches, then the payment callbacks of their pay events, over HTTP); see server/seed/simulator.ts. Sign-in by password needs captcha off on the
 * server (CAPTCHA=off), else pass an access token.
 */
import { simulate } from '../server/seed/simulator';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : undefined;
  return v ?? process.env[`SIM_${name.toUpperCase()}`] ?? fallback;
}

function int(name: string, fallback: number, min: number, max: number): number {
  const v = Number(arg(name, String(fallback)));
  if (!Number.isInteger(v) || v < min || v > max) {
    process.stderr.write(`--${name} must be a whole number ${min}..${max}\n`);
    process.exit(2);
  }
  return v;
}

async function main(): Promise<void> {
  const baseUrl = arg('url', `http://127.0.0.1:${process.env.PORT ?? '8080'}`).replace(/\/$/, '');
  let token = arg('token', '');
  if (token === '') {
    const res = await fetch(`${baseUrl}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: arg('username', 'superadmin'), password: arg('password', 'admin123456') }),
    });
    const json = (await res.json()) as { code: number; msg: unknown; data: { access: string } };
    if (json.code !== 2000) {
      process.stderr.write(`sign-in failed (${JSON.stringify(json.msg)}): start the server with CAPTCHA=off or pass --token\n`);
      process.exit(1);
    }
    token = json.data.access;
  }
  await simulate({
    baseUrl,
    token,
    games: int('games', 3, 1, 999),
    players: int('players', 250, 1, 1_000_000),
    days: int('days', 14, 1, 365),
    rate: int('rate', 0, 0, 10_000_000),
    seed: int('seed', 15, 0, 2 ** 31 - 1),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`simulate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
