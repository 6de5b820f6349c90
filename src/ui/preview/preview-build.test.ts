import { describe, expect, it } from 'vitest';
import { serverPageRuntime } from './preview-build';
import { frameRuntimeSource } from './frame-runtime';

describe("the Preview's runtime as the page gets it", () => {
  it('is one script that compiles, with the screenshot library kept off the page globals', () => {
    const source = frameRuntimeSource({ entry: 'index.html', workspaceOrigin: 'https://workspace.invalid', textMax: 500, queryMax: 20 }, 'exports.toCanvas = function () {};');
    expect(() => new Function(source)).not.toThrow();
    expect(source.startsWith('(function(){var exports={},module={exports:exports};')).toBe(true);
    expect(source).toContain('"entry":"index.html"');
  });

  it('for a dev server page, carries html-to-image and compiles', () => {
    const source = serverPageRuntime();
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain('toCanvas');
    expect(source).toContain('the dev server page');
  });
});
