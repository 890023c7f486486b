import { sniffImage } from './image-sniffer';

describe('sniffImage', () => {
  it('recognises png, jpeg, gif and webp by content', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000000d', 'hex'))).toBe('png');
    expect(sniffImage(Buffer.from('ffd8ffe000104a46', 'hex'))).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
