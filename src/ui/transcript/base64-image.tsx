/**
 * An image held as base64 (an attachment, a message's image), shown from a blob URL made of its
 * bytes in the page: nothing is fetched, and the URL is revoked when the image goes. `alt` names
 * it for a screen reader.
 */
import { useEffect, useState } from 'react';
import { imageBytes } from './tool-images';

export function Base64Image({ data, mimeType, alt, className }: { data: string; mimeType: string; alt: string; className: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const bytes = imageBytes(data);
    if (!bytes) return;
    const made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [data, mimeType]);
  return url ? <img className={className} src={url} alt={alt} /> : <span className={className} role="img" aria-label={alt} />;
}
