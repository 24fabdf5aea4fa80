// The text colour that stays readable on the company's colour (WCAG relative luminance): white
// where it contrasts at least as much as near-black would.

/** '#ffffff' or '#111827' for text on `hex` ('#rrggbb'). */
export function textColorOn(hex: string): '#ffffff' | '#111827' {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#111827';
}
