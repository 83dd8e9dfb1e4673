import type { StreamOptions } from '../port';

/**
 * Reads a streamed export's body: the X-Export-Rows count (null when absent), each piece reported as
 * bytes received, the read cancelled when the signal aborts (then an AbortError).
 */
export async function readExport(answer: Response, options: StreamOptions): Promise<{ blob: Blob; rows: number | null }> {
  const { signal, onProgress } = options;
  const aborted = () => new DOMException('The export was cancelled', 'AbortError');
  const header = answer.headers.get('x-export-rows');
  const rows = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : null;
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  onProgress?.({ bytes, rows });
  if (answer.body) {
    const reader = answer.body.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        if (signal?.aborted) throw aborted();
        const { done, value } = await reader.read();
        if (signal?.aborted) throw aborted();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        onProgress?.({ bytes, rows });
      }
    } finally {
      signal?.removeEventListener('abort', stop);
      if (signal?.aborted) stop();
    }
  }
  return { blob: new Blob(chunks, { type }), rows };
}
