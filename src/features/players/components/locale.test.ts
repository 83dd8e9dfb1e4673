import { describe } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../test/texts';
import { PLAYERS_TEXTS } from './locale';

describe('the players screens’ texts', () => {
  itHasTheSameTextsInBothLanguages(PLAYERS_TEXTS);
});
