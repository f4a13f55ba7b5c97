/**
 * Colour contrast as WCAG 2.2 defines it (relative luminance of sRGB colours, ratio (L1 + 0.05) / (L2 + 0.05)), for a
 * company's brand colour: the portal writes white text on it and uses it for links on white, so it must reach the AA
 * ratio for normal text, 4.5:1, against white. https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
 */

/** WCAG 2.2 success criterion 1.4.3 (Contrast, minimum) for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Relative luminance of '#rrggbb' (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two '#rrggbb' colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Is white text on this colour (and this colour as text on white) readable? */
export const readableWithWhite = (hex: string) => contrastRatio(hex, '#ffffff') >= MIN_TEXT_CONTRAST;
