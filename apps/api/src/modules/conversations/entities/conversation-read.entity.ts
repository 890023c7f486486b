import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { Conversation } from './conversation.entity';

/** How far a participant has read a conversation: every message with an id ≤ `up_to`. `user_id`'s key lives in the migrations. */
@Entity('conversation_reads')
export class ConversationRead {
  @PrimaryColumn({ type: 'integer' })
  conversationId: number;

  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @Column({ type: 'bigint' })
  upTo: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation: Relation<Conversation>;
}
