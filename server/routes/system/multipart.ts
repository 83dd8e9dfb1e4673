/** The first file part of a multipart/form-data body (field `file` preferred), or null. */
export function multipartFile(body: Buffer, contentType: string): { name: string; data: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const b = boundary?.[1] ?? boundary?.[2];
  if (!b) return null;
  const delimiter = Buffer.from(`--${b.trim()}`);
  const parts: Array<{ headers: string; data: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  while (pos >= 0) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) parts.push({ headers: part.subarray(0, split).toString('utf8'), data: part.subarray(split + 4) });
    pos = next;
  }
  const files = parts.filter((p) => /filename=/i.test(p.headers));
  const chosen = files.find((p) => /\bname="file"/i.test(p.headers)) ?? files[0];
  if (!chosen) return null;
  const name = /filename="([^"]*)"/i.exec(chosen.headers)?.[1] ?? 'upload.xlsx';
  return { name, data: Buffer.from(chosen.data) };
}
