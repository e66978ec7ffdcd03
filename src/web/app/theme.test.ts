import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, localizedTheme, theme } from './theme';

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('theme', () => {
  const light = cssVariablesResolver(DEFAULT_THEME).light;

  it('gives light and outline badges and buttons text at 4.5:1 or more in every colour', () => {
    const weak: string[] = [];
    for (const [name, colors] of Object.entries(DEFAULT_THEME.colors)) {
      const text = light[`--mantine-color-${name}-light-color`];
      const outline = light[`--mantine-color-${name}-outline`];
      // light variant: text on shade 1; outline variant: text on white
      if (!text || contrast(text, colors[1]) < 4.5) weak.push(`${name} light: ${text}`);
      if (!outline || contrast(outline, '#ffffff') < 4.5) weak.push(`${name} outline: ${outline}`);
    }
    expect(weak).toEqual([]);
  });

  it('names the close button of every dialog and drawer in the given language', () => {
    const fr = localizedTheme('Fermer');
    expect(fr.components?.Modal?.defaultProps).toEqual({ closeButtonProps: { 'aria-label': 'Fermer' } });
    expect(fr.components?.Drawer?.defaultProps).toEqual({ closeButtonProps: { 'aria-label': 'Fermer' } });
    expect(fr.components?.Badge).toEqual(theme.components?.Badge);
  });
});
