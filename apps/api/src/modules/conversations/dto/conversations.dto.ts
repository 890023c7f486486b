import {
  messagesQuerySchema,
  openConversationSchema,
  postMessageSchema,
  readConversationSchema,
  reportConversationSchema,
} from '@oficios/domain';
import { createZodDto } from 'nestjs-zod';

// Requests of the conversations routes: the shared schemas, validated by the global pipe and shown in /docs.
export class OpenConversationDto extends createZodDto(openConversationSchema) {}
export class MessagesQueryDto extends createZodDto(messagesQuerySchema) {}
export class PostMessageDto extends createZodDto(postMessageSchema) {}
export class ReadConversationDto extends createZodDto(readConversationSchema) {}
export class ReportConversationDto extends createZodDto(reportConversationSchema) {}
