import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { ADVERTISING_TEXTS } from './locale';

describe('the advertising screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(ADVERTISING_TEXTS);
});
