/** What a test may hold the sandbox processor on (SandboxProcessor.hold): a charge, or a refund. */
export type HeldCall = 'charge' | 'refund';

/** The calls a test holds: each waits at its start until the test releases it (a slow processor, in order). */
export class HeldCalls {
  private readonly held: Array<{ call: HeldCall; customerRef?: string; wait: () => Promise<void> }> = [];

  /** Holds the next `call` (of this customer's, when given): `reached` once it waits, `release` to let it go. */
  hold(call: HeldCall, customerRef?: string): { reached: Promise<void>; release: () => void } {
    let release!: () => void;
    let arrived!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const wait = () => {
      arrived();
      return released;
    };
    this.held.push({ call, ...(customerRef === undefined ? {} : { customerRef }), wait });
    return { reached, release };
  }

  /** Waits while this call is held; at once when it is not. */
  async waitIfHeld(call: HeldCall, customerRef?: string): Promise<void> {
    const at = this.held.findIndex((h) => h.call === call && (h.customerRef ?? customerRef) === customerRef);
    if (at < 0) return;
    const [mine] = this.held.splice(at, 1);
    await mine!.wait();
  }
}
