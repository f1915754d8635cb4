/**
 * A lifecycle: the states a record can be in and, for each state, the actions it allows and the states each
 * action can lead to. Every lifecycle is one small table (see `*-lifecycle.ts`); `defineLifecycle` checks it
 * when its module is loaded, so a table that names an unknown state or has a state nothing leads to stops
 * the application from starting instead of refusing requests at run time.
 */
export type TransitionTable<S extends string, A extends string> = {
  readonly [state in S]: { readonly [action in A]?: readonly S[] };
};

export interface Lifecycle<S extends string, A extends string> {
  readonly name: string;
  readonly states: readonly S[];
  /** The states a record is created in. */
  readonly initial: readonly S[];
  readonly table: TransitionTable<S, A>;
}

export class BrokenLifecycleError extends Error {}

/** The table as given, once it is known to be sound; throws `BrokenLifecycleError` listing every problem. */
export function defineLifecycle<S extends string, A extends string>(name: string, initial: readonly S[], table: TransitionTable<S, A>): Lifecycle<S, A> {
  const lifecycle: Lifecycle<S, A> = Object.freeze({ name, states: Object.freeze(Object.keys(table) as S[]), initial: Object.freeze([...initial]), table });
  const problems = lifecycleProblems(lifecycle);
  if (problems.length > 0) throw new BrokenLifecycleError(`The ${name} lifecycle is broken: ${problems.join('; ')}`);
  return lifecycle;
}

/** What is wrong with a table: unknown initial or target states, and states no path from an initial one reaches. */
export function lifecycleProblems<S extends string, A extends string>(lifecycle: Lifecycle<S, A>): string[] {
  const known = new Set<string>(lifecycle.states);
  const problems: string[] = [];
  if (lifecycle.initial.length === 0) problems.push('it has no initial state');
  for (const state of lifecycle.initial) if (!known.has(state)) problems.push(`the initial state "${state}" is not one of its states`);
  for (const [from, actions] of edges(lifecycle)) {
    for (const [action, targets] of actions) {
      if (!Array.isArray(targets) || targets.length === 0) problems.push(`"${from}" allows ${action} but leads nowhere`);
      for (const to of targets ?? []) if (!known.has(to)) problems.push(`${action} from "${from}" leads to "${to}", which is not one of its states`);
    }
  }
  const reached = new Set<string>(lifecycle.initial.filter((s) => known.has(s)));
  const queue = [...reached];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const targets of Object.values(lifecycle.table[from as S] ?? {}) as (readonly S[] | undefined)[]) {
      for (const to of targets ?? []) {
        if (known.has(to) && !reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
  }
  for (const state of lifecycle.states) if (!reached.has(state)) problems.push(`no action leads to "${state}"`);
  return problems;
}

function edges<S extends string, A extends string>(lifecycle: Lifecycle<S, A>) {
  return lifecycle.states.map((from) => [from, Object.entries(lifecycle.table[from]) as [A, readonly S[] | undefined][]] as const);
}

export function isState<S extends string>(lifecycle: Lifecycle<S, string>, value: unknown): value is S {
  return typeof value === 'string' && (lifecycle.states as readonly string[]).includes(value);
}

/** Where `action` can take a record in `state`: none when the state is unknown or does not allow it. */
export function targetsOf<S extends string, A extends string>(lifecycle: Lifecycle<S, A>, state: string, action: A): readonly S[] {
  return isState(lifecycle, state) ? (lifecycle.table[state][action] ?? []) : [];
}

/** Whether `action` is allowed in `state` (and, when `to` is given, may lead there). */
export function canTransition<S extends string, A extends string>(lifecycle: Lifecycle<S, A>, state: string, action: A, to?: S): boolean {
  const targets = targetsOf(lifecycle, state, action);
  return to === undefined ? targets.length > 0 : targets.includes(to);
}

/** The states `action` may start from (e.g. the `IN (...)` of a conditional update). */
export function statesAllowing<S extends string, A extends string>(lifecycle: Lifecycle<S, A>, action: A): S[] {
  return lifecycle.states.filter((state) => lifecycle.table[state][action] !== undefined);
}

/** Throws what `refuse` builds unless `action` is allowed in `state`. */
export function assertTransition<S extends string, A extends string>(
  lifecycle: Lifecycle<S, A>,
  state: string,
  action: A,
  refuse: () => Error,
): asserts state is S {
  if (!canTransition(lifecycle, state, action)) throw refuse();
}
