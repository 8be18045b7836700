/** An HEIC container with a real header (Chromium has no HEIC decoder). */
export function heic(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const ispe = Buffer.alloc(12);
  ispe.writeUInt32BE(4032, 4);
  ispe.writeUInt32BE(3024, 8);
  return Buffer.concat([
    box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
    box('meta', Buffer.concat([Buffer.alloc(4), box('iprp', box('ipco', box('ispe', ispe)))])),
    box('mdat', Buffer.alloc(256, 9)),
  ]);
}
