/**
 * Model text as markdown, never as raw HTML (reliability rule 7): react-markdown escapes
 * HTML by default; images are shown as their alt text and never fetched (no beacons);
 * links open in a new tab without referrer.
 */
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

const components: Components = {
  img: ({ alt, src }) => <span className="md-image">[image: {alt || (typeof src === 'string' ? src : '')}]</span>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

export default function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown components={components} skipHtml>
        {text}
      </Markdown>
    </div>
  );
}
