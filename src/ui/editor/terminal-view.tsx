/**
 * The Terminal pane (lazy chunk): xterm.js on the person's shell in the session's sandbox —
 * bash on the offline sandbox, jsh on WebContainer. Input and output go through the worker.
 */
import { useEffect, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import type { EditorActions } from './use-editor-actions';
import { terminalThemeOf, useThemeName } from '../settings/theme';

/** `shell`: the session's terminal actions (use-editor-actions.ts); a new one starts a new terminal. */
export default function TerminalView({ shell, focusOnStart }: { shell: EditorActions['terminal']; focusOnStart: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const takeFocus = useRef(focusOnStart); // as the view was opened: by a click, or passed by the arrow keys
  const themeName = useThemeName();
  const themeRef = useRef(themeName);
  themeRef.current = themeName;
  const terminalRef = useRef<Terminal | null>(null);
  useEffect(() => {
    if (terminalRef.current) terminalRef.current.options.theme = terminalThemeOf(themeName);
  }, [themeName]);
  useEffect(() => {
    if (!host.current) return;
    const terminal = new Terminal({ convertEol: true, fontSize: 13, theme: terminalThemeOf(themeRef.current), cursorBlink: true });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host.current);
    fit.fit();
    terminalRef.current = terminal;
    const unsubscribe = shell.watch((event) => {
      if (event.type === 'terminal-output') terminal.write(event.text);
      if (event.type === 'terminal-exit') terminal.write(`\r\n[shell exited with code ${event.code}; press Enter to start a new one]\r\n`);
    });
    let exited = false;
    const exitWatch = shell.watch((event) => {
      if (event.type === 'terminal-exit') exited = true;
    });
    const start = () => shell.start(terminal.cols, terminal.rows);
    void start().then((answer) => {
      if (!answer.ok) terminal.write(`Could not start a shell: ${answer.error.message}\r\n`);
    });
    const input = terminal.onData((text) => {
      if (exited) {
        exited = false;
        void start();
        return;
      }
      shell.input(text);
    });
    const observer = new ResizeObserver(() => {
      fit.fit();
      shell.resize(terminal.cols, terminal.rows);
    });
    observer.observe(host.current);
    if (takeFocus.current) terminal.focus();
    return () => {
      observer.disconnect();
      input.dispose();
      unsubscribe();
      exitWatch();
      terminalRef.current = null;
      terminal.dispose();
    };
  }, [shell]);
  return <div className="terminal-host" ref={host} aria-label="Terminal output" />;
}
