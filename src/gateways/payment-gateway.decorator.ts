import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { GatewayDefinition } from './gateway-definition';

export const GATEWAY_DEFINITION = DiscoveryService.createDecorator<GatewayDefinition>();

/**
 * Registers a provider (a PaymentGatewayProvider) as a payment gateway: listed by `/v2/gateways`, accepted as
 * a payment's `gateway`, its row created at start. GatewayRegistry finds it through Nest's discovery.
 */
export const PaymentGateway = (definition: GatewayDefinition) => applyDecorators(Injectable(), GATEWAY_DEFINITION(definition));
