import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { REPORTS_TEXTS } from './reports-locale';

describe('the data reports’ texts', () => {
  itHasTheSameTextsInBothLanguages(REPORTS_TEXTS);
});
