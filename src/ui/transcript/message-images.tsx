/** The images attached to a person's message, under its text: thumbnails named by their files' names (as text). */
import type { PromptImage } from '../../shared/prompt-images';
import { Base64Image } from './base64-image';

export function MessageImages({ images }: { images: readonly PromptImage[] }) {
  return (
    <ul className="message-images" aria-label="Attached images">
      {images.map((image, index) => (
        <li key={index}>
          <Base64Image className="message-image" data={image.data} mimeType={image.mimeType} alt={image.name} />
          <span className="message-image-name">{image.name}</span>
        </li>
      ))}
    </ul>
  );
}
