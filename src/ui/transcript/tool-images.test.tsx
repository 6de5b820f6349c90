import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolImages } from './tool-images';

describe('ToolImages', () => {
  it('shows at most 8 images, and names one over 5 MB instead of decoding it (a recording made before the tool capped them)', () => {
    const small = { mimeType: 'image/png', data: btoa('png') };
    const big = { mimeType: 'image/png', data: 'A'.repeat(Math.ceil((6 * 1024 * 1024 * 4) / 3)) };
    const markup = renderToStaticMarkup(<ToolImages images={[big, ...Array.from({ length: 9 }, () => small)]} toolName="ref__shot" />);
    expect(markup).toContain('Image 1 of 8 from ref__shot: image/png, over 5 MB, not shown.');
    expect(markup).toContain('2 more image(s) not shown: a card shows at most 8.');
    expect(markup).not.toContain('of 10');
  });
});
