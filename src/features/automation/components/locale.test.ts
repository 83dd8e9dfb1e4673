import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { AUTOMATION_TEXTS } from './locale';

describe('the automation screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(AUTOMATION_TEXTS);
});
