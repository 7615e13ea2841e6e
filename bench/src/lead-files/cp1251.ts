/**
 * Text to Windows-1251 bytes, for the Cyrillic variant of the dirty file (Node can decode it but not encode it).
 * Only ASCII and Cyrillic are needed: А–я are 0xC0–0xFF, Ё and ё 0xA8 and 0xB8.
 */
export function encodeCp1251(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) out[i] = c;
    else if (c >= 0x410 && c <= 0x44f) out[i] = c - 0x410 + 0xc0;
    else if (c === 0x401) out[i] = 0xa8;
    else if (c === 0x451) out[i] = 0xb8;
    else throw new Error(`Not in Windows-1251: ${JSON.stringify(text[i])}`);
  }
  return out;
}
