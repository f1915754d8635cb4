import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { Db } from '../../prisma/prisma.service';
import { presentIntegration } from '../integrations.presenter';
import { IntegrationHealthRepository } from './integration-health.repository';

/** Turns an integration off on the delivery side's initiative (410 Gone, or failing for days), with its event. */
@Injectable()
export class IntegrationDisabler {
  constructor(
    private readonly config: AppConfig,
    private readonly health: IntegrationHealthRepository,
    private readonly events: EventsPublisher,
  ) {}

  /** Disables the integration and publishes `integration.updated` with it, in `tx`. */
  async disable(integrationId: string, tx: Db): Promise<void> {
    const disabled = await this.health.disable(integrationId, tx);
    const baseUrl = this.config.publicBaseUrl ?? `http://localhost:${this.config.port}`;
    await this.events.publish(tx, 'integration.updated', { data: presentIntegration(disabled, baseUrl) });
  }
}
