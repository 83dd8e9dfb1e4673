import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook for the console: stories beside their components (src/) and shell-wide ones (stories/). */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.stories.tsx', '../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', 'msw-storybook-addon'],
  // MSW's worker script (npx msw init public --save=false) is served from here.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
