// Rounding for what the coach shows and returns: kilograms, kilometres, VDOT and trend values to one
// decimal, the precision every tool answer and plan note uses.

/** `n` rounded half up to one decimal (Math.round: 2.25 -> 2.3, -2.25 -> -2.2). */
export const round1 = (n: number): number => Math.round(n * 10) / 10;
