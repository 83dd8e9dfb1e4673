import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { INCOME_TEXTS } from './locale';

describe('the revenue screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(INCOME_TEXTS);
});
