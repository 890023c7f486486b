import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Conversation } from './conversation.entity';

export const MESSAGE_KINDS = ['text', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * One message of a conversation, its text as written (masking happens when it is read). System lines have no sender
 * and carry the event that caused them, once per conversation. `sender_id`'s key lives in the migrations.
 */
@Entity('messages')
@Index('messages_conversation_idx', ['conversationId', 'id'])
@Index('messages_conversation_event_key', ['conversationId', 'sourceEventId'], { unique: true, where: 'source_event_id IS NOT NULL' })
export class Message {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  conversationId: number;

  @Column({ type: 'integer', nullable: true })
  senderId: number | null;

  @Column({ type: 'enum', enum: MESSAGE_KINDS, enumName: 'message_kind', default: 'text' })
  kind: MessageKind;

  @Column({ type: 'varchar', length: 2000, default: '' })
  text: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'uuid', nullable: true })
  sourceEventId: string | null;

  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation: Relation<Conversation>;
}
