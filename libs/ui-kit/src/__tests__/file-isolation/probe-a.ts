/** A module with state of its own, for file-isolation-*.test.ts: how many times it was asked, from 1. */
let asked = 0;
export const askA = (): number => (asked += 1);
export const nameA = 'real a';
