import { setProjectAnnotations } from '@storybook/react-vite';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as preview from './preview';

// Stories run as Vitest browser tests with the same decorators, loaders and parameters as Storybook.
// The a11y addon runs axe after each story's play function (parameters.a11y in preview.tsx).
setProjectAnnotations([a11yAddonAnnotations, preview]);
