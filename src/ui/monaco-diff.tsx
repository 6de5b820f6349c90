/** Monaco's diff editor for approval cards (lazy chunk). */
import { DiffEditor } from '@monaco-editor/react';
import { languageOf } from './monaco-setup';

export default function MonacoDiff({ path, before, after }: { path: string; before: string; after: string }) {
  return (
    <div className="monaco-diff" data-testid="monaco-diff">
      <DiffEditor
        height="240px"
        original={before}
        modified={after}
        language={languageOf(path)}
        theme="vs-dark"
        options={{ readOnly: true, renderSideBySide: false, minimap: { enabled: false }, scrollBeyondLastLine: false, automaticLayout: true }}
      />
    </div>
  );
}
