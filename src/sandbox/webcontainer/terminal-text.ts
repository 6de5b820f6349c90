/**
 * WebContainer runs every process on a pseudo-terminal: output carries "\r\n", colors,
 * cursor moves and spinners redrawn with "\r". `terminalToText` turns it into the plain
 * text a model should read, keeping what a terminal would finally show on each line.
 */
// eslint-disable-next-line no-control-regex -- terminal control sequences are what we remove
const OSC = /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
// eslint-disable-next-line no-control-regex -- as above
const CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex -- as above
const OTHER_ESCAPE = /\u001b[@-Z\\-_]|\u001b[()][0-9A-Za-z]/g;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function terminalToText(raw: string): string {
  const stripped = raw.replace(OSC, '').replace(CSI, '').replace(OTHER_ESCAPE, '').replace(/\r\n/g, '\n');
  return stripped
    .split('\n')
    .map((line) => {
      const segments = line.split('\r').filter((segment) => segment !== '');
      return (segments[segments.length - 1] ?? '').replace(CONTROL, '');
    })
    .join('\n');
}
