import sharp from 'sharp';

/** A multipart body as `app.inject` takes it, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; data: Buffer; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://test.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A small PNG carrying EXIF data (camera and comment), to check that it does not survive. */
export function pngWithMetadata(colour = '#3a6'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'Rue du Secret, Toulouse' } })
    .png()
    .toBuffer();
}

export function jpegPhoto(colour = '#a36'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** The smallest PDF file-type recognises: the "%PDF-" signature and a trailer. */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
}

/** A Windows program renamed to look like a photo: "MZ" header, PE stub. */
export function renamedExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
