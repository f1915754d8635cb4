'use strict';

/** Lower median (an observed value, never an average of two). */
function median(values) {
  const s = values.filter((v) => v !== null && v !== undefined && !Number.isNaN(v)).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
}

/** Nearest-rank percentile (p in 0..100) of an array of numbers. */
function percentile(values, p) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[Math.min(s.length, rank) - 1];
}

const round = (v, digits = 1) => (v === null || v === undefined ? null : Number(v.toFixed(digits)));
const ratio = (a, b) => (a === null || b === null || !b ? null : Number((a / b).toFixed(3)));

module.exports = { median, percentile, round, ratio };
