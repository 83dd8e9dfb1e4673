/** A small User-Agent reader for the login log: browser + version, operating system, device kind. */

export interface AgentInfo {
  browser: string;
  os: string;
  device: 'PC' | 'Mobile' | 'Tablet' | 'Other';
  /** "<device> / <os> / <browser>", the log's agent column. */
  agent: string;
}

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Firefox', /Firefox\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
  ['curl', /curl\/([\d.]+)/],
  ['Python Requests', /python-requests\/([\d.]+)/],
  ['Node.js', /node(?:-fetch)?\/?([\d.]+)?/i],
];

function shortVersion(v: string | undefined): string {
  if (!v) return '';
  return v.split('.').slice(0, 3).join('.');
}

function readBrowser(ua: string): string {
  if (/HeadlessChrome\/([\d.]+)/.test(ua)) return `Headless Chrome ${shortVersion(/HeadlessChrome\/([\d.]+)/.exec(ua)?.[1])}`.trim();
  for (const [name, re] of BROWSERS) {
    const m = re.exec(ua);
    if (m) return `${name} ${shortVersion(m[1])}`.trim();
  }
  return 'Other';
}

function readOs(ua: string): string {
  const win = /Windows NT ([\d.]+)/.exec(ua);
  if (win) {
    const names: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };
    return `Windows ${names[win[1] ?? ''] ?? win[1]}`;
  }
  const ios = /(?:iPhone|iPad|iPod).*OS ([\d_]+)/.exec(ua);
  if (ios) return `iOS ${(ios[1] ?? '').replace(/_/g, '.')}`;
  const mac = /Mac OS X ([\d_.]+)/.exec(ua);
  if (mac) return `Mac OS X ${(mac[1] ?? '').replace(/_/g, '.')}`;
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/CrOS/.test(ua)) return 'Chrome OS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Other';
}

export function parseUserAgent(raw: string | undefined): AgentInfo {
  const ua = (raw ?? '').slice(0, 1000);
  const browser = ua ? readBrowser(ua) : 'Other';
  const os = ua ? readOs(ua) : 'Other';
  const device = /iPad|Tablet/.test(ua) ? 'Tablet' : /Mobile|iPhone|Android/.test(ua) ? 'Mobile' : /Windows|Macintosh|X11|CrOS/.test(ua) ? 'PC' : 'Other';
  return { browser, os, device, agent: `${device} / ${os} / ${browser}` };
}
