/** Conversations' public face: what other modules may import from it. */
export { ConversationsModule } from './conversations.module';
