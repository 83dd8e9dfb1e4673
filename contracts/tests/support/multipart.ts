import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file part (the suite's HTTP client sends raw bodies). */
export function multipartFile(field: string, fileName: string, content: string | Buffer, type = 'text/plain'): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----contract${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}
