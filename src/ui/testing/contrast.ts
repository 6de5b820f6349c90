/** WCAG 2.1 contrast for colour tests: `#rrggbb` or `#rrggbbaa`, a translucent colour painted over an opaque one. */
export type Rgb = [number, number, number];

export function paint(colour: string, under: Rgb = [0, 0, 0]): Rgb {
  const hex = colour.replace('#', '');
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  const alpha = hex.length === 8 ? channel(6) / 255 : 1;
  return [0, 2, 4].map((at, index) => channel(at) * alpha + under[index]! * (1 - alpha)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of `foreground` (painted over `background`) against `background`. */
export function contrast(foreground: string, background: Rgb): number {
  const [a, b] = [luminance(paint(foreground, background)), luminance(background)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA = 4.5;
