import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../test/texts';
import { ANALYTICS_TEXTS } from './locale';

describe('the analysis parts’ texts', () => {
  itHasTheSameTextsInBothLanguages(ANALYTICS_TEXTS);
});
