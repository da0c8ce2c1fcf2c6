/**
 * The outcome code a source may give a micro-event action besides its modifiers (Wyscout-style,
 * the `outcome` of an action): the action reached its aim, or it did not, as the accurate / not
 * accurate modifiers say. A module of its own: the explorer reads it without the lists of
 * `codes.ts`.
 */
export const OUTCOME = { notAccurate: 0, accurate: 1 } as const;
