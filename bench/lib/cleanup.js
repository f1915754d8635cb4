'use strict';
// Things to undo however the benchmark ends (servers to stop, databases to drop), newest first.

const tasks = new Set();

/** Registers an async undo step; returns a function that unregisters it. */
function onCleanup(fn) {
  tasks.add(fn);
  return () => tasks.delete(fn);
}

async function runCleanup() {
  for (const fn of [...tasks].reverse()) {
    tasks.delete(fn);
    try {
      await fn();
    } catch (e) {
      console.error('cleanup:', e.message);
    }
  }
}

module.exports = { onCleanup, runCleanup };
