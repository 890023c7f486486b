import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An `Idempotency-Key` a user sent on a route, with a hash of the request body and the answer given: the same
 * request again gets the same answer without the work being done twice. Kept 24 hours. (`user_id`'s foreign key
 * lives in the migrations.)
 */
@Entity('idempotency_keys')
export class IdempotencyKey {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  /** The route, e.g. `POST /api/orders`: one key on two routes is two keys. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  scope: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  key: string;

  /** SHA-256 of the request body (keys sorted): the same key with another body is refused. */
  @Column({ type: 'char', length: 64 })
  requestHash: string;

  /** The answer's body; null only inside the transaction that is still doing the work. */
  @Column({ type: 'jsonb', nullable: true })
  response: unknown;

  @Index('idempotency_keys_created_idx')
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
