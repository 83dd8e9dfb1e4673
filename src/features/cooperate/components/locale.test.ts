import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { COOPERATE_TEXTS } from './locale';

describe('the partner screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(COOPERATE_TEXTS);
});
