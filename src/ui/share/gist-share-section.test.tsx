import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GistShareSection, webAddress } from './gist-share-section';

const actions = { shareGist: () => Promise.reject(new Error('not pressed in a static render')) };
const linkOf = (fragment: string) => `https://app.example/#${fragment}`;

describe('Share as encrypted Gist, in Share session', () => {
  it('offers the button when Settings has a GitHub token', () => {
    const html = renderToStaticMarkup(<GistShareSection actions={actions} gitHubToken linkOf={linkOf} />);
    expect(html).toContain('>Share as encrypted Gist</button>');
    expect(html).toContain('aria-label="Encrypted Gist"');
  });

  it('says where to set a token instead, with no button, when there is none', () => {
    const html = renderToStaticMarkup(<GistShareSection actions={actions} gitHubToken={false} linkOf={linkOf} />);
    expect(html).not.toContain('<button');
    expect(html).toContain('role="note"');
    expect(html).toContain('Settings → GitHub token');
  });

  it("links the Gist's page only when GitHub gave a web address", () => {
    expect(webAddress('https://gist.github.com/octo/abc')).toBe('https://gist.github.com/octo/abc');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('not an address')).toBeNull();
  });
});
