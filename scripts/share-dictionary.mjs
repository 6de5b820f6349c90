#!/usr/bin/env node
// Writes a preset deflate dictionary for share links (src/share/dictionaries/v<N>.ts): what
// every session document repeats, in the form it takes inside the document's JSON: the system
// prompt and the tool declarations of this version of the app, and the document's keys and
// common values (a bundled lesson with its long strings emptied). A link names its dictionary
// by id (zlib's DICTID, the dictionary's Adler-32), so a dictionary, once links use it, must
// never change: this script refuses to overwrite one; a new one is the next version.
// Run: node scripts/share-dictionary.mjs --version 2
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const version = Number(process.argv[process.argv.indexOf('--version') + 1]);
if (!Number.isInteger(version) || version < 1) throw new Error('Pass --version N');
const target = `${root}src/share/dictionaries/v${version}.ts`;
if (existsSync(target)) throw new Error(`${target} exists: links made with it depend on every byte; write the next version instead.`);

const vite = await createServer({ root, configFile: false, logLevel: 'warn', server: { middlewareMode: true, hmr: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
try {
  const { buildSystemPrompt, functionDeclarations } = await vite.ssrLoadModule('/src/agent/system-prompt.ts');
  const { createToolRegistry } = await vite.ssrLoadModule('/src/tools/registry.ts');
  const preamble = JSON.stringify({ systemInstruction: buildSystemPrompt(), tools: functionDeclarations(createToolRegistry().declarations()) });

  // The lesson's shape: strings over 24 characters emptied, arrays cut to their first three items.
  const lesson = JSON.parse(readFileSync(`${root}src/share/lessons/fix-bug.loopscope.json`, 'utf8'));
  const skeleton = JSON.stringify(lesson, (key, value) => {
    if (key === 'preamble') return undefined;
    if (typeof value === 'string') return value.length > 24 ? '' : value;
    if (Array.isArray(value)) return value.slice(0, 3);
    return value;
  });
  // Deflate reaches back 32 KB; the nearest bytes are the cheapest to refer to, so the shape goes last.
  const dictionary = `${preamble}${skeleton}`;
  if (Buffer.byteLength(dictionary) > 32 * 1024) throw new Error(`The dictionary is ${Buffer.byteLength(dictionary)} bytes; deflate uses 32 KB at most.`);
  const header = `// Preset deflate dictionary v${version} for share links, written by scripts/share-dictionary.mjs.\n// Frozen: links name it by its Adler-32 (dictionary.test.ts pins it); never edit, add v${version + 1} instead.\n`;
  writeFileSync(target, `${header}export default ${JSON.stringify(dictionary)};\n`);
  console.log(`Wrote ${target}: ${Buffer.byteLength(dictionary)} bytes.`);
} finally {
  await vite.close();
}
