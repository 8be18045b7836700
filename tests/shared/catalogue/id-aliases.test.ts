import { describe, expect, it } from 'vitest';
import { hydrateCatalogue } from '../../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../../shared/catalogue/derive';
import {
  catalogueAfterRename,
  catalogueBeforeRename,
  NEW_ID,
  NEW_NAME,
  OLD_ID,
  OLD_NAME,
  sources,
} from './renamed-catalogue';

describe('ids that survive renames', () => {
  it('the fixture really is a rename: the old build has the old id and not the new one', () => {
    const before = catalogueBeforeRename();
    expect(before.byId.get(OLD_ID)?.colorName).toBe(OLD_NAME);
    expect(before.byId.has(NEW_ID)).toBe(false);
  });

  it('an old id finds the renamed colour, under its current id and name', () => {
    const after = catalogueAfterRename();
    expect(after.byId.get(OLD_ID)?.id).toBe(NEW_ID);
    expect(after.byId.get(OLD_ID)?.colorName).toBe(NEW_NAME);
    expect(after.currentId(OLD_ID)).toBe(NEW_ID);
    expect(after.currentId(NEW_ID)).toBe(NEW_ID);
    expect(after.currentId('farrow-ball-no-such-paint')).toBeUndefined();
    // The list of colours is not padded with the alias.
    expect(after.colors).toHaveLength(447);
    expect(after.colors.filter((c) => c.colorName === NEW_NAME)).toHaveLength(1);
  });

  it('the built file carries the aliases, following a chain of renames to the current id', () => {
    const compact = deriveCatalogue(sources, { 'farrow-ball-stiffky-blu': OLD_ID, [OLD_ID]: NEW_ID });
    expect(compact.aliases).toEqual({ 'farrow-ball-stiffky-blu': NEW_ID, [OLD_ID]: NEW_ID });
    const catalogue = hydrateCatalogue(JSON.parse(JSON.stringify(compact)));
    expect(catalogue.byId.get('farrow-ball-stiffky-blu')?.colorName).toBe(NEW_NAME);
  });

  it('refuses an alias to a colour that does not exist or one that hides a current colour', () => {
    expect(() => deriveCatalogue(sources, { [OLD_ID]: 'farrow-ball-no-such-paint' })).toThrow(/no such colour/);
    expect(() => deriveCatalogue(sources, { [NEW_ID]: 'farrow-ball-hague-blue' })).toThrow(/still a current id/);
    expect(() => deriveCatalogue(sources, { a: 'b', b: 'a' })).toThrow(/no such colour/);
  });
});
