import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CartPricingStage } from './cart-pricing';

export const CART_PRICING_STEP = DiscoveryService.createDecorator<CartPricingStage>();

/**
 * Registers a provider (a CartPricingStepProvider) as a step of the cart totals pipeline at `stage`;
 * CartPricing finds it through Nest's discovery. Steps of one stage run in registration order.
 */
export const CartPricingStep = (stage: CartPricingStage) => applyDecorators(Injectable(), CART_PRICING_STEP(stage));
