/** Operations' public face: Bull Board for administrators. */
export { QueueBoardModule, QUEUE_BOARD_ROUTE } from './queue-board.module';
