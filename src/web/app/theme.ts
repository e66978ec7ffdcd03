import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineTheme,
} from '@mantine/core';

// (components are set up by name, not with Badge.extend(...): importing them here would put them in
// the login page's entry chunk)

/**
 * Shade 8 of blue keeps white-on-primary and primary-on-white text above the 4.5:1 contrast of
 * WCAG 2.1 AA; reduced motion (a user setting) turns the page fade off.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // a badge shows its whole word ("Opted out", not "O…") and never shrinks inside a table cell
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // a loader named "Loading…" is a status (a name on a plain span is not allowed: axe aria-prohibited-attr)
    Loader: { defaultProps: { role: 'status' } },
    // a table wider than the screen scrolls sideways; the keyboard reaches it even when its rows
    // hold nothing focusable (axe scrollable-region-focusable)
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

/**
 * The theme with the names that depend on the language: every dialog's and drawer's close button
 * is named "Close" in the user's language (a dialog may still name it otherwise itself).
 */
export function localizedTheme(closeLabel: string) {
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** Shade 9 of the colour, darkened until it reads at 4.6:1 on both shade 1 and white. */
export function readableShade(colors: MantineTheme['colors'][string]): string {
  for (let k = 0; k < 0.9; k += 0.05) {
    const c = darken(colors[9], k);
    if (contrast(c, colors[1]) >= 4.6 && contrast(c, '#ffffff') >= 4.6) return c;
  }
  return '#000000';
}

/**
 * Text of light and outline variants (badges, light buttons): Mantine's shade 9 on shade 1 is 3.9:1
 * for green, 2.7:1 for yellow; each colour's text is darkened to 4.6:1 or more.
 */
const readableVariants = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, colors]) => {
    const text = readableShade(colors);
    return [
      [`--mantine-color-${name}-light-color`, text],
      [`--mantine-color-${name}-outline`, text],
    ];
  }),
);

/**
 * Mantine's default dimmed grey (gray.6, 3.3:1 on white) fails WCAG AA; gray.7 passes (7:1).
 * Links use blue.9: blue.8 drops to 4.15:1 inside the light-red copy-failure alerts; blue.9 keeps 5:1.
 * Field errors (message and the invalid input's text) use red.9 (5.5:1); Mantine's red.6 is 3.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...readableVariants,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
