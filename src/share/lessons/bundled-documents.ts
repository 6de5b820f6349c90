/**
 * The bundled lessons as session documents: the scripted demo's lessons, recorded once through
 * the real loop (src/worker/share/lesson-documents.test.ts records them and checks these files are
 * what a recording gives today). They open as shared sessions, to replay step by step in
 * class; each file loads only when it is opened.
 */
export const LESSON_DOCUMENTS: Readonly<Record<string, () => Promise<unknown>>> = {
  'web-page': () => import('./web-page.loopscope.json').then((module) => module.default),
  'fix-bug': () => import('./fix-bug.loopscope.json').then((module) => module.default),
};
