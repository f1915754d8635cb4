import { Injectable } from '@nestjs/common';
import { withLinkBase } from '../../common/http/request-context';
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
    // No request to take a host from: links use PUBLIC_BASE_URL, and are relative when it is unset.
    const presented = withLinkBase(this.config.publicBaseUrl ?? '', () => presentIntegration(disabled));
    await this.events.publish(tx, 'integration.updated', { data: presented });
  }
}
