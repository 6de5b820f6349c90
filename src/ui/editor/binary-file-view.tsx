/**
 * What the editor shows for a binary file: a description instead of text (Monaco would mangle
 * the bytes, and a save would store them as text), and the picture itself for an image. The
 * bytes are shown from a blob URL and never sent anywhere.
 */
import { useEffect, useState } from 'react';
import { formatBytes } from '../../shared/format-bytes';

interface Kind {
  label: string;
  /** An image type the page may show. */
  image?: string;
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/** The format, from the first bytes (what the file is, whatever its name says). */
export function binaryKind(bytes: Uint8Array): Kind {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return { label: 'PNG image', image: 'image/png' };
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return { label: 'JPEG image', image: 'image/jpeg' };
  if (startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return { label: 'GIF image', image: 'image/gif' };
  if (startsWith(bytes, 0x52, 0x49, 0x46, 0x46) && startsWith(bytes.subarray(8), 0x57, 0x45, 0x42, 0x50)) return { label: 'WebP image', image: 'image/webp' };
  if (startsWith(bytes, 0x00, 0x00, 0x01, 0x00)) return { label: 'icon', image: 'image/x-icon' };
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return { label: 'PDF document' };
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return { label: 'ZIP archive' };
  if (startsWith(bytes, 0x1f, 0x8b)) return { label: 'gzip archive' };
  if (startsWith(bytes, 0x00, 0x61, 0x73, 0x6d)) return { label: 'WebAssembly module' };
  if (startsWith(bytes, 0x77, 0x4f, 0x46)) return { label: 'web font' };
  return { label: 'binary file' };
}

export function BinaryFileView({ path, bytes }: { path: string; bytes: Uint8Array }) {
  const kind = binaryKind(bytes);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!kind.image) return;
    const made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: kind.image }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [bytes, kind.image]);
  return (
    <div className="binary-file">
      <p>
        {path} is a {kind.label} ({formatBytes(bytes.byteLength)}). It is not UTF-8 text, so it opens here as this description; it is kept byte for byte, and
        Download ZIP exports it as it is.
      </p>
      {kind.image && url ? <img src={url} alt={`${path} as an image`} /> : null}
    </div>
  );
}
