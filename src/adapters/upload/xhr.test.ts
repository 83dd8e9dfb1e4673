import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrPostForm } from './transport';

/** A stand-in XMLHttpRequest that plays the upload events a browser fires for a 3-chunk body. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    queueMicrotask(() => {
      for (const loaded of [100, 200, 300]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 300 });
      this.status = 200;
      this.responseText = '{"code":2000}';
      this.onload?.();
    });
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the XMLHttpRequest transport', () => {
  it('reports upload progress from the upload events and resolves with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: (number | null)[] = [];
    const answer = await xhrPostForm('http://x/api/system/file/', [['file', new Blob(['abc']), 'a.txt']], {
      headers: { Authorization: 'JWT t' },
      onProgress: (f) => progress.push(f),
    });
    expect(answer).toEqual({ status: 200, text: '{"code":2000}' });
    expect(progress).toEqual([0, 1 / 3, 2 / 3, 1, 1]);
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.headers).toEqual({ Authorization: 'JWT t' });
    expect((xhr?.body?.get('file') as File).name).toBe('a.txt');
  });

  it('aborts the request when the signal fires (timeouts)', async () => {
    class Hanging extends FakeXhr {
      override send(body: FormData) {
        this.body = body;
      }
    }
    vi.stubGlobal('XMLHttpRequest', Hanging);
    const controller = new AbortController();
    const pending = xhrPostForm('http://x/', [['file', new Blob(['abc']), 'a.txt']], { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
    expect(FakeXhr.last?.aborted).toBe(true);
  });
});
