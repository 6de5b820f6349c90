/**
 * What the Preview loads on first use (a chunk of its own: es-module-lexer and html-to-image
 * stay out of the app's first JavaScript): the page built from the workspace, with the frame's
 * runtime in it.
 */
import screenshotLibrary from 'html-to-image/dist/html-to-image.js?raw';
import { frameRuntimeSource } from './frame-runtime';
import type { WorkspaceContent } from './module-graph';
import { buildPreviewDocument } from './preview-document';
import type { PreviewDocument } from './preview-document';
import { PREVIEW_QUERY_MAX, PREVIEW_TEXT_MAX } from '../../shared/preview';
import { WORKSPACE_ORIGIN } from './workspace-urls';

export function buildPage(files: ReadonlyMap<string, WorkspaceContent>, entry: string): Promise<PreviewDocument> {
  const runtime = frameRuntimeSource({ entry, workspaceOrigin: WORKSPACE_ORIGIN, textMax: PREVIEW_TEXT_MAX, queryMax: PREVIEW_QUERY_MAX }, screenshotLibrary);
  return buildPreviewDocument(files, entry, runtime);
}

/**
 * The runtime for a dev server's page on WebContainer (set as its preview script): the same
 * console, tools and picking; its fetches go to its server, since its addresses are real.
 */
export function serverPageRuntime(): string {
  return frameRuntimeSource({ entry: 'the dev server page', workspaceOrigin: WORKSPACE_ORIGIN, textMax: PREVIEW_TEXT_MAX, queryMax: PREVIEW_QUERY_MAX }, screenshotLibrary);
}
