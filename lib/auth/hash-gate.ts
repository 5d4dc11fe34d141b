/**
 * A small semaphore in front of scrypt. Each hash at N=2^17 holds one of libuv's four pool threads
 * (and 128 MB) for a noticeable time; without a bound, a burst of sign-ins for made-up e-mails
 * would fill the pool and stall every file and DNS operation of the server. At most `concurrency`
 * hashes run at once and `queue` more wait; beyond that the caller is told to retry (429). One per
 * process (two at a time, eight waiting), held by the composition root: `server.limits.hashGate`.
 */
import { AppError } from "../errors";

export class ServerBusyError extends AppError {
  static override readonly kind: string = "ServerBusyError";
  constructor(readonly retryAfterSeconds = 1) {
    super("server_busy", "The studio is busy checking other passwords. Try again in a moment.", {
      retryAfterSeconds,
    });
  }
}

export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Runs `work` when a slot is free; throws ServerBusyError at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw new ServerBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays accurate.
      if (next) next();
      else this.running--;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
