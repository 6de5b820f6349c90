/**
 * The list `Attachments` above the prompt: what goes with the next message, each item with a
 * button `Remove <name>`. Names and notes are text. An image shows as a thumbnail named by its
 * file's name; an element picked in the Preview by its selector, with where it is written and its
 * outlined image.
 */
import { formatBytes } from '../../shared/format-bytes';
import { Base64Image } from '../transcript/base64-image';
import { attachmentName } from './prompt-attachments';
import type { PromptAttachment } from './prompt-attachments';

function AttachmentBody({ attachment }: { attachment: PromptAttachment }) {
  switch (attachment.type) {
    case 'image':
      return (
        <>
          <Base64Image className="attachment-thumbnail" data={attachment.data} mimeType={attachment.mimeType} alt={attachment.name} />
          <span className="attachment-name">{attachment.name}</span>
          <span className="attachment-detail">
            {formatBytes(attachment.bytes)}
            {attachment.note ? `, ${attachment.note}` : ''}
          </span>
        </>
      );
    case 'element':
      return (
        <>
          {attachment.image ? <Base64Image className="attachment-thumbnail" data={attachment.image.data} mimeType={attachment.image.mimeType} alt={`The element ${attachment.selector}, outlined`} /> : null}
          <span className="attachment-name">{attachment.name}</span>
          <span className="attachment-detail">{attachment.source ? `${attachment.source.file}:${attachment.source.line}` : attachment.page}</span>
        </>
      );
  }
}

export function AttachmentList({ attachments, onRemove }: { attachments: readonly PromptAttachment[]; onRemove: (id: string) => void }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id} className={`attachment ${attachment.type}`}>
          <AttachmentBody attachment={attachment} />
          <button type="button" className="attachment-remove" aria-label={`Remove ${attachmentName(attachment)}`} title="Remove" onClick={() => onRemove(attachment.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
