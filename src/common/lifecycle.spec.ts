import { assertTransition, BrokenLifecycleError, canTransition, defineLifecycle, lifecycleProblems, statesAllowing, TransitionTable } from './lifecycle';

type Door = 'closed' | 'open' | 'locked';
type DoorAction = 'open' | 'close' | 'lock' | 'unlock';

const DOOR: TransitionTable<Door, DoorAction> = {
  closed: { open: ['open'], lock: ['locked'] },
  open: { close: ['closed'] },
  locked: { unlock: ['closed'] },
};

/** A table as a careless edit could leave it (the types would object; the check at load must too). */
function broken(table: Record<string, Record<string, readonly string[] | undefined>>, initial = ['closed']) {
  return () => defineLifecycle('door', initial as Door[], table as unknown as TransitionTable<Door, DoorAction>);
}

describe('a lifecycle table', () => {
  it('is accepted when every target is one of its states and every state can be reached', () => {
    const door = defineLifecycle('door', ['closed'], DOOR);
    expect(door.states).toEqual(['closed', 'open', 'locked']);
    expect(lifecycleProblems(door)).toEqual([]);
  });

  it('is refused when an action leads to a state the table does not have', () => {
    expect(broken({ ...DOOR, open: { close: ['shut'] } })).toThrow(BrokenLifecycleError);
    expect(broken({ ...DOOR, open: { close: ['shut'] } })).toThrow('close from "open" leads to "shut", which is not one of its states');
  });

  it('is refused when a state can never be reached', () => {
    expect(broken({ ...DOOR, closed: { open: ['open'] } })).toThrow('no action leads to "locked"');
  });

  it('is refused when it starts nowhere, or from an unknown state', () => {
    expect(broken(DOOR as never, [])).toThrow('it has no initial state');
    expect(broken(DOOR as never, ['ajar'])).toThrow('the initial state "ajar" is not one of its states');
  });

  it('is refused when an action leads nowhere', () => {
    expect(broken({ ...DOOR, open: { close: ['closed'], lock: [] } })).toThrow('"open" allows lock but leads nowhere');
  });
});

describe('assertTransition', () => {
  const door = defineLifecycle('door', ['closed'], DOOR);
  const refuse = () => new Error('refused');

  it('lets an action through from a state that allows it', () => {
    expect(() => assertTransition(door, 'closed', 'lock', refuse)).not.toThrow();
  });

  it('throws the given refusal from a state that does not allow it', () => {
    expect(() => assertTransition(door, 'locked', 'open', refuse)).toThrow('refused');
  });

  it('refuses anything from a state the table does not know', () => {
    expect(() => assertTransition(door, 'ajar', 'close', refuse)).toThrow('refused');
  });

  it('knows where an action may lead and which states allow it', () => {
    expect(canTransition(door, 'closed', 'lock', 'locked')).toBe(true);
    expect(canTransition(door, 'closed', 'lock', 'open')).toBe(false);
    expect(statesAllowing(door, 'close')).toEqual(['open']);
  });
});
