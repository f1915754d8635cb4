import { Global, Module } from '@nestjs/common';
import { EventsPublisher } from './events.publisher';
import { OutboxListener } from './outbox-listener';
import { OutboxRepository } from './outbox.repository';

@Global()
@Module({ providers: [EventsPublisher, OutboxListener, OutboxRepository], exports: [EventsPublisher, OutboxRepository] })
export class EventsModule {}
