import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** REACH indigo: a calm blue-violet in the family of Modash and GRIN; shade 6 is the brand colour. */
const reach: MantineColorsTuple = [
  '#eef0ff',
  '#dcdeff',
  '#b6b9fb',
  '#8d92f6',
  '#6b70f2',
  '#565bf0',
  '#4c4ddc',
  '#3d3fc4',
  '#3437b0',
  '#282c9c',
];

export const theme = createTheme({
  primaryColor: 'reach',
  primaryShade: { light: 6, dark: 5 },
  colors: { reach },
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
  },
});
