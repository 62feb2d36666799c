import { WrittenStates } from '../store';

interface Note {
  id: string;
  orgId: string;
  version: number;
  text: string;
}

describe('WrittenStates', () => {
  const note = (version: number, orgId = 'org_a'): Note => ({ id: 'note_1', orgId, version, text: `v${version}` });

  it("answers a write's state at the version asked or later, for its organization only", () => {
    const written = new WrittenStates<Note>(10);
    written.wrote(note(3));
    expect(written.atLeast('org_a', 'note_1', 3)?.text).toBe('v3');
    expect(written.atLeast('org_a', 'note_1', 2)?.text).toBe('v3');
    expect(written.atLeast('org_a', 'note_1', 4)).toBeUndefined();
    expect(written.atLeast('org_b', 'note_1', 1)).toBeUndefined();
    expect(written.atLeast('org_a', 'note_2', 1)).toBeUndefined();
  });

  it('keeps the last write of each aggregate, and at most its size of them', () => {
    const written = new WrittenStates<Note>(2);
    written.wrote(note(1));
    written.wrote(note(2));
    expect(written.atLeast('org_a', 'note_1', 2)?.text).toBe('v2');
    written.wrote({ ...note(1), id: 'note_2' });
    written.wrote({ ...note(1), id: 'note_3' });
    expect(written.atLeast('org_a', 'note_1', 1)).toBeUndefined();
    expect(written.atLeast('org_a', 'note_3', 1)?.id).toBe('note_3');
  });
});
