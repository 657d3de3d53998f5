/** How a sandbox test card behaves (docs/trying-it.md, "Paying in the sandbox"). */
export type Behaviour = 'succeed' | 'decline' | 'insufficient_funds' | 'challenge' | 'decline_later';

/** The sandbox's test cards, like a card processor's test mode. Any other valid number is refused. */
export const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'succeed',
  '5555555555554444': 'succeed',
  '6759649826438453': 'succeed',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000000000000341': 'decline_later',
};

/** The failure a card of this behaviour answers a payment the customer confirms with; null: it pays. */
export function onSessionFailure(behaviour: string): string | null {
  if (behaviour === 'succeed') return null;
  if (behaviour === 'insufficient_funds') return 'insufficient_funds';
  return 'card_declined';
}

/** The failure a card of this behaviour answers an off-session charge (a renewal) with; null: it pays. */
export function offSessionFailure(behaviour: string): string | null {
  // A challenge card set up with 3-D Secure is charged off-session without a new challenge.
  return behaviour === 'challenge' ? null : onSessionFailure(behaviour);
}
