// Lesson: two files written in one model turn (one batch, two approvals), a directory
// listing, then a summary that quotes what the listing actually returned.
import type { Lesson } from '../lesson-types';
import { outputOf, quote } from '../lesson-types';

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>My first agent-built page</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main class="card">
      <h1>Hello from the agent loop</h1>
      <p>This page was written by a coding agent, one tool call at a time:</p>
      <ol>
        <li>The model asks for a tool call.</li>
        <li>You approve it (or not).</li>
        <li>The tool runs, and its result goes back to the model.</li>
      </ol>
    </main>
  </body>
</html>
`;

const css = `body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  font-family: system-ui, sans-serif;
  background: linear-gradient(135deg, #e0f2fe, #ede9fe);
  color: #1e293b;
}

.card {
  max-width: 32rem;
  padding: 2rem 2.5rem;
  border-radius: 1rem;
  background: white;
  box-shadow: 0 10px 30px rgb(15 23 42 / 0.12);
}

h1 {
  margin-top: 0;
  color: #4338ca;
}
`;

export const buildWebPage: Lesson = {
  id: 'web-page',
  title: 'Build a small web page',
  prompt: 'Build a small web page',
  description: 'Writes index.html and style.css, lists the folder, and sums up.',
  keywords: ['web page', 'webpage', 'website', 'web site', 'html', 'page', 'lesson 1'],
  steps: [
    {
      thought: '**Planning the page**\nA small page needs two files: the HTML for content and a stylesheet for the look.',
      text: "I'll build a small page in two files: `index.html` for the content and `style.css` for the look. Both writes go out in one turn, so you'll see two tool calls side by side.",
      calls: [
        { name: 'write_file', args: { file_path: 'index.html', content: html } },
        { name: 'write_file', args: { file_path: 'style.css', content: css } },
      ],
    },
    {
      text: 'Both files are written. Let me check what the folder holds now.',
      calls: [{ name: 'list_directory', args: { dir_path: '.' } }],
    },
    ({ responses }) => ({
      text: [
        'Here is what the folder holds now:',
        quote(outputOf(responses[0])),
        '**Summary**',
        '- `index.html` has a heading and a short list explaining the loop; it links `style.css`.',
        '- `style.css` centres a white card on a soft gradient.',
        '',
        'That took three model turns: write (two calls in one batch), list, and this answer. Open `index.html` in the Files tree to see the code. Try **Fix a bug with an edit** next.',
      ].join('\n'),
    }),
  ],
};
