import { describe, expect, it } from 'vitest';
import { findPlaceholders, newPlaceholder } from './omission-guard';

describe('placeholder comments that elide code', () => {
  it.each([
    '// ... rest of the code unchanged',
    '// rest of the code remains the same',
    '# rest of code remains the same',
    '/* existing code */',
    '/* ... existing code ... */',
    '// ... existing code ...',
    '... (unchanged)',
    '// ... (unchanged)',
    '<!-- rest of the file unchanged -->',
    '{/* ... rest of the component ... */}',
    '    // ...',
    '# ...',
    '// Previous implementation remains unchanged',
    '// rest of the methods here',
    '-- remainder of the file omitted',
    '// keep existing imports ...',
    '// ... other methods unchanged ...',
  ])('finds %j', (line) => {
    expect(findPlaceholders(`const a = 1;\n${line}\nconst b = 2;`).map((found) => found.line)).toEqual([line.trim()]);
  });

  it.each([
    'const rest = { ...others };',
    '...rest,',
    '...',
    'return [...items];',
    '// Handles the rest of the request after auth.',
    '// Other tests',
    '// Existing users keep their settings.',
    '# Installation',
    "const message = '// rest of the code unchanged';",
    'console.log("... (unchanged)");',
    '// TODO: explain why this stays unchanged when the cache is cold',
  ])('ignores %j', (line) => {
    expect(findPlaceholders(line)).toEqual([]);
  });

  it('allows a placeholder that the old text already had', () => {
    expect(newPlaceholder('a\n// ... rest of the code unchanged\n', 'b\n//   ...  REST of the code unchanged\n')).toBeNull();
  });

  it('reports the first placeholder the old text did not have', () => {
    expect(newPlaceholder('// ...\n/* existing code */\n', '// ...\n')).toBe('/* existing code */');
  });

  it('treats a missing old text as having none', () => {
    expect(newPlaceholder('# rest of code remains the same', null)).toBe('# rest of code remains the same');
  });
});
