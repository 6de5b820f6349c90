/**
 * Telling text from binary, naming binary types, and base64 for inline images. Pure.
 * A file is text when it has no NUL byte in its first 8 KB, is valid UTF-8, and its
 * extension is not a known binary one.
 */

const SNIFF_BYTES = 8192;

const BINARY_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'tif', 'tiff', 'avif', 'heic',
  'pdf', 'zip', 'gz', 'tgz', 'bz2', 'xz', '7z', 'rar', 'tar', 'jar', 'war',
  'exe', 'dll', 'so', 'dylib', 'o', 'a', 'lib', 'obj', 'class', 'pyc', 'wasm', 'node',
  'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp3', 'mp4', 'wav', 'ogg', 'flac', 'webm', 'mov', 'avi', 'mkv',
  'sqlite', 'db', 'bin', 'dat', 'psd', 'docx', 'xlsx', 'pptx', 'odt',
]);

/** Images small enough to hand to the model as inline data. */
const IMAGE_MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const MAGIC: Array<{ bytes: number[]; type: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], type: 'PNG image' },
  { bytes: [0xff, 0xd8, 0xff], type: 'JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: 'GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46], type: 'PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], type: 'ZIP archive' },
  { bytes: [0x1f, 0x8b], type: 'gzip archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], type: 'ELF executable' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], type: 'WebAssembly module' },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], type: 'SQLite database' },
  { bytes: [0x77, 0x4f, 0x46], type: 'WOFF font' },
];

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function hasBinaryExtension(path: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(path));
}

export function imageMimeType(path: string): string | undefined {
  return IMAGE_MIME_TYPES[extensionOf(path)];
}

export function hasNulByte(bytes: Uint8Array, limit = SNIFF_BYTES): boolean {
  const end = Math.min(bytes.length, limit);
  for (let index = 0; index < end; index++) if (bytes[index] === 0) return true;
  return false;
}

/**
 * The file's text, or null when it is binary. A leading BOM is kept (`keepBom`) for
 * tools that must write it back.
 */
export function decodeText(path: string, bytes: Uint8Array, options?: { keepBom?: boolean }): string | null {
  if (hasBinaryExtension(path) || hasNulByte(bytes)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: options?.keepBom ?? false }).decode(bytes);
  } catch {
    return null;
  }
}

/** "PNG image", "ZIP archive", … or a guess from the extension. */
export function binaryTypeGuess(path: string, bytes: Uint8Array): string {
  for (const { bytes: magic, type } of MAGIC) {
    if (magic.every((byte, index) => bytes[index] === byte)) return type;
  }
  const extension = extensionOf(path);
  if (extension) return `${extension.toUpperCase()} file`;
  return hasNulByte(bytes) ? 'binary data' : 'non-UTF-8 data';
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

