// The startup baseline of e2e/bench/startup.mjs: the smallest Vite + React page with a prompt
// box, built the same way as the app. Its time to an input-ready textarea is the floor.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Prompt() {
  const [text, setText] = useState('');
  return <textarea aria-label="Message the agent" rows={3} autoFocus value={text} onChange={(event) => setText(event.target.value)} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Prompt />
  </StrictMode>,
);
