// Test support: reads a multipart/form-data body (RFC 7578) as a vendor's fake receives it: its text fields and files.
// Refuses (null) a body without the declared boundary, a part without a Content-Disposition name, or no closing line.

export interface ReceivedForm {
  fields: Record<string, string>;
  files: { field: string; filename: string; contentType: string; content: Buffer }[];
}

export function parseMultipart(raw: Buffer, contentType: string | undefined): ReceivedForm | null {
  const boundary = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(contentType ?? '')?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const form: ReceivedForm = { fields: {}, files: [] };
  let at = raw.indexOf(delimiter);
  if (at !== 0) return null;
  for (;;) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') return form;
    const next = raw.indexOf(Buffer.from(`\r\n--${boundary}`), start);
    if (next < 0) return null;
    const part = raw.subarray(start + 2, next);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) return null;
    const filename = /\bfilename="([^"]*)"/i.exec(head)?.[1];
    if (filename === undefined) form.fields[name] = content.toString('utf8');
    else
      form.files.push({
        field: name,
        filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream',
        content: Buffer.from(content),
      });
    at = next + 2;
  }
}
