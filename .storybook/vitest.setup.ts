import { setProjectAnnotations } from '@storybook/react-vite';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as preview from './preview';

// Stories run as Vitest browser tests with the same decorators, loaders and parameters as Storybook.
// The a11y addon runs axe after each story's play function (parameters.a11y in preview.tsx).
setProjectAnnotations([a11yAddonAnnotations, preview]);

// A page's entrance (console-page-in, 0.25 s from opacity 0) is for people. In the test run a page
// whose code is already loaded mounts on the animation's first frame, where jest-dom's toBeVisible
// reads opacity 0 and fails a story that found its content at once; the run shows pages without it.
// (Storybook itself keeps the animation; the stories that assert a page at once wait for it.)
const noPageEntrance = document.createElement('style');
noPageEntrance.textContent = '.console-page { animation: none !important; }';
document.head.append(noPageEntrance);

