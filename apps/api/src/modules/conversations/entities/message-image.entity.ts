import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Message } from './message.entity';

/** A photo of a message: the stored image and its thumbnail (files of MESSAGE_IMAGES_DIR, never public), in order. */
@Entity('message_images')
@Index('message_images_message_idx', ['messageId', 'position'])
export class MessageImage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'bigint' })
  messageId: string;

  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 100 })
  file: string;

  @Column({ type: 'varchar', length: 100 })
  thumbFile: string;

  @Column({ type: 'varchar', length: 40 })
  mime: string;

  @ManyToOne(() => Message, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id' })
  message: Relation<Message>;
}
