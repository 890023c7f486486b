/**
 * Foreign keys between tables of different modules. Each module's entities describe only its own tables and refer to
 * other modules' rows by id (a module never joins or loads another's rows); the database still keeps those ids
 * honest with these constraints, which live in the migrations alone. The schema check knows them by name.
 */
export const CROSS_MODULE_FOREIGN_KEYS: readonly string[] = [
  'professionals_account_fkey', // professionals.id → users (catalog → identity)
  'FK_050c25b7bbc0d46385a94e0f778', // cart_details.professional_id → professionals
  'FK_e123c49ba6e8da0437583052b3d', // carts.client_id → users
  'FK_9a8a82462cab47c73d25f49261f', // notifications.user_id → users
  'bookings_professional_fkey', // bookings.professional_id → professionals (bookings → catalog)
  'bookings_client_fkey', // bookings.client_id → users (bookings → identity)
  'bookings_order_fkey', // bookings.order_id → orders (bookings → orders)
  'FK_505ba3689ef2763acd6c4fc93a4', // orders.client_id → users
  'FK_f42b1d95404c45b10bf2451d814', // orders.cart_id → carts
  'FK_039cb3e6ce31b4a7cbdc4c243c7', // order_status_changes.changed_by → users
  'FK_b2f7b823a21562eeca20e72b006', // payments.order_id → orders
  'FK_5f6682d4c520380ddffafa43213', // reviews.professional_id → professionals
  'FK_d4e7e923e6bb78a8f0add754493', // reviews.client_id → users
  'FK_4d2181624ba2d61e76a07175198', // idempotency_keys.user_id → users
  'payment_refunds_order_fkey', // payment_refunds.order_id → orders
  'payment_refunds_line_fkey', // payment_refunds.line_id → bookings (payments → bookings)
  'payment_refunds_client_fkey', // payment_refunds.client_id → users
  'booking_transitions_actor_fkey', // booking_transitions.actor_id → users (bookings → identity)
  'booking_holds_line_fkey', // booking_holds.line_id → bookings (calendar → bookings)
  'booking_holds_professional_fkey', // booking_holds.professional_id → professionals (calendar → catalog)
  'booking_disputes_client_fkey', // booking_disputes.client_id → users (bookings → identity)
  'booking_disputes_resolver_fkey', // booking_disputes.resolved_by → users (bookings → identity)
  'blocked_dates_professional_fkey', // blocked_dates.professional_id → professionals (calendar → catalog)
  'conversations_client_fkey', // conversations.client_id → users (conversations → identity)
  'conversations_professional_fkey', // conversations.professional_id → users (conversations → identity)
  'conversations_line_fkey', // conversations.line_id → bookings (conversations → bookings)
  'conversations_reporter_fkey', // conversations.reported_by → users (conversations → identity)
  'conversation_reads_user_fkey', // conversation_reads.user_id → users (conversations → identity)
  'messages_sender_fkey', // messages.sender_id → users (conversations → identity)
  'job_request_images_client_fkey', // job_request_images.client_id → users (job-requests → identity)
  'professionals_area_locality_fkey', // professionals.area_locality_id → localities (catalog → localities)
  'users_locality_fkey', // users.locality_id → localities (identity → localities)
  'carts_place_locality_fkey', // carts.place_locality_id → localities (cart → localities)
];
