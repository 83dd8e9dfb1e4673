import { setProjectAnnotations } from '@storybook/react-vite';
import * as preview from './preview';

// Stories run as Vitest browser tests with the same decorators, loaders and parameters as Storybook.
setProjectAnnotations([preview]);
