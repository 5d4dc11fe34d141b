/** A conversation id that names no stored conversation: 404, thrown by the reads and the use cases alike. */
import { NotFoundError } from "../../../errors";

export class ConversationNotFoundError extends NotFoundError {
  static override readonly kind: string = "ConversationNotFoundError";
  constructor(readonly conversationId: string) {
    super(`No conversation with id '${conversationId}'.`, { conversationId });
  }
}
