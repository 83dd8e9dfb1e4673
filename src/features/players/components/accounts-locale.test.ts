import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { ACCOUNTS_TEXTS } from './accounts-locale';

describe('the accounts and game-user screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(ACCOUNTS_TEXTS);
});
