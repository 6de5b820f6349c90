/**
 * The images of a tool's result (an MCP tool's, say), shown as the editor shows an image file:
 * from a blob URL made of the bytes in the page (nothing is fetched), at most the card's width
 * and a few lines high, on a checkerboard so transparency shows. Only the raster formats the
 * page may show are drawn; any other type is named instead.
 */
import { useEffect, useState } from 'react';
import { MCP_IMAGES_MAX, MCP_IMAGE_MAX_BYTES } from '../../shared/limits';
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

/** The bytes base64 `data` decodes to, near enough, without decoding it. */
const decodedSize = (data: string) => Math.floor((data.length * 3) / 4);

function ToolImageView({ image, label }: { image: ToolImage; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  // A tool gives images up to MCP_IMAGE_MAX_BYTES (tools/mcp-tool.ts); a larger one (an older recording) is not decoded.
  const tooLarge = decodedSize(image.data) > MCP_IMAGE_MAX_BYTES + 3;
  const shown = SHOWN_TYPES.has(image.mimeType.toLowerCase()) && !tooLarge;
  useEffect(() => {
    if (!shown) return;
    const bytes = imageBytes(image.data);
    if (!bytes) return;
    const made = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: image.mimeType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data, image.mimeType, shown]);
  if (tooLarge) return <p className="tool-note">{`${label}: ${image.mimeType}, over ${MCP_IMAGE_MAX_BYTES / 1024 / 1024} MB, not shown.`}</p>;
  if (!shown) return <p className="tool-note">{`${label}: ${image.mimeType}, not shown here.`}</p>;
  return url ? <img className="tool-image" src={url} alt={label} /> : null;
}

export function ToolImages({ images: all, toolName }: { images: readonly ToolImage[]; toolName: string }) {
  const images = all.slice(0, MCP_IMAGES_MAX);
  return (
    <div className="tool-images">
      {images.map((image, index) => (
        <ToolImageView key={index} image={image} label={images.length === 1 ? `Image from ${toolName}` : `Image ${index + 1} of ${images.length} from ${toolName}`} />
      ))}
      {all.length > images.length && <p className="tool-note">{`${all.length - images.length} more image(s) not shown: a card shows at most ${MCP_IMAGES_MAX}.`}</p>}
    </div>
  );
}
