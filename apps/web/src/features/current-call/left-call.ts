/**
 * A call left inside the app, in this sign-in (docs/decisions/067-leaving-a-call.md). Leaving the call screen by a
 * link keeps the call saved with its work, and the dashboard then offers it rather than sending the user straight
 * back: leaving means leaving. After a reload or a new sign-in the dashboard sends the user back as before (the
 * spec's resume of a saved call). Kept in memory only, so a reload forgets it; tied to the sign-in by the session's
 * end, which is fixed when the user signs in, so a new sign-in in the same page forgets it too.
 */
let leftIn: string | null = null;

/** The call screen was left inside the app while signed in to the session ending at `sessionEnd`. */
export function noteCallLeft(sessionEnd: string | undefined): void {
  if (sessionEnd) leftIn = sessionEnd;
}

/** A call was left inside the app in the sign-in whose session ends at `sessionEnd`. */
export function callLeftInThisSignIn(sessionEnd: string | undefined): boolean {
  return sessionEnd !== undefined && leftIn === sessionEnd;
}
