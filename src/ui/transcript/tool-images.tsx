/**
 * The images of a tool's result (an MCP tool's, say), shown as the editor shows an image file:
 * from a blob URL made of the bytes in the page (nothing is fetched), at most the card's width
 * and a few lines high, on a checkerboard so transparency shows. Only the raster formats the
 * page may show are drawn; any other type is named instead.
 */
import { useEffect, useState } from 'react';
import type { ToolImage } from '../../shared/tool-display';

const SHOWN_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The bytes of a base64 string, or null when it is not base64. */
export function imageBytes(data: string): Uint8Array | null {
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

function ToolImageView({ image, label }: { image: ToolImage; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const shown = SHOWN_TYPES.has(image.mimeType.toLowerCase());
  useEffect(() => {
    if (!shown) return;
    const bytes = imageBytes(image.data);
    if (!bytes) return;
    const made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: image.mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data, image.mimeType, shown]);
  if (!shown) return <p className="tool-note">{`${label}: ${image.mimeType}, not shown here.`}</p>;
  return url ? <img className="tool-image" src={url} alt={label} /> : null;
}

export function ToolImages({ images, toolName }: { images: readonly ToolImage[]; toolName: string }) {
  return (
    <div className="tool-images">
      {images.map((image, index) => (
        <ToolImageView key={index} image={image} label={images.length === 1 ? `Image from ${toolName}` : `Image ${index + 1} of ${images.length} from ${toolName}`} />
      ))}
    </div>
  );
}
