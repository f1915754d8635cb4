import { Global, Module } from '@nestjs/common';
import { EventsPublisher } from './events.publisher';
import { OutboxListener } from './outbox-listener';

@Global()
@Module({ providers: [EventsPublisher, OutboxListener], exports: [EventsPublisher] })
export class EventsModule {}
