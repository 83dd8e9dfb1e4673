import { describe, expect, it } from 'vitest';
import { itHasTheSameTextsInBothLanguages } from '../../../../../test/texts';
import { WIDGET_KINDS } from '../../../../../../contracts/schemas/dashboard/workbench';
import { WORKBENCH_TEXTS } from './locale';

describe('the workbench texts', () => {
  itHasTheSameTextsInBothLanguages(WORKBENCH_TEXTS);

  it('name every widget kind of the contract, in both languages', () => {
    for (const texts of Object.values(WORKBENCH_TEXTS)) {
      expect(Object.keys(texts.kinds).sort()).toEqual([...WIDGET_KINDS].sort());
      expect(Object.keys(texts.kindHints).sort()).toEqual([...WIDGET_KINDS].sort());
    }
  });
});
