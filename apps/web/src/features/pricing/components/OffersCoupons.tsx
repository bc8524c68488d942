import { useState } from 'react';
import { Badge, Button, Card, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PricingResponse } from '@cc/contract';
import { formatMoney, type Quote } from '@cc/domain';

export interface OffersCouponsProps {
  data: PricingResponse;
  quote: Quote;
  offerId: number | null | undefined;
  freeServiceId: number | null | undefined;
  couponCode: string | null | undefined;
  active: boolean;
  onOffer: (offerId: number | null) => void;
  onFreeService: (id: number | null) => void;
  onCoupon: (code: string | null) => void;
}

const NO_OFFER = '0';

/**
 * One offer per call, chosen among those the customer may get; an offer that does not apply to what is picked
 * says why and cannot be chosen. One coupon code, checked as it is applied.
 */
export function OffersCoupons(props: OffersCouponsProps) {
  const { data, quote, offerId, active } = props;
  const selectedOffer = data.offers.find((o) => o.id === offerId) ?? null;
  const openFreeService =
    selectedOffer?.pricingRule === 'FreeService' && selectedOffer.serviceDefinition.id === 0 ? selectedOffer : null;
  const picked = quote.lines.filter((l) => l.kind === 'additional');
  const offerDiscount = quote.totals.offerDiscount;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="pricing-offers-title">
      <Title order={3} size="h5" mb="xs" id="pricing-offers-title">
        Offers and Coupons
      </Title>
      <Stack gap="sm">
        {data.offers.length === 0 ? (
          <Text size="sm" c="gray.7">
            No offers for this customer.
          </Text>
        ) : (
          <Radio.Group
            label="Offer"
            value={offerId ? String(offerId) : NO_OFFER}
            onChange={(v) => props.onOffer(v === NO_OFFER ? null : Number(v))}
          >
            <Stack gap={6} mt={4}>
              <Radio value={NO_OFFER} label="No offer" disabled={!active} size="sm" />
              {data.offers.map((o) => {
                const state = quote.states.offers.find((s) => s.id === o.id);
                const applicable = state?.applicable !== false;
                const selected = o.id === offerId;
                return (
                  <Radio
                    key={o.id}
                    value={String(o.id)}
                    size="sm"
                    disabled={!active || (!applicable && !selected)}
                    label={
                      <Group gap={6}>
                        <span>{o.description}</span>
                        {selected && applicable && offerDiscount > 0 ? (
                          <Badge size="sm" color="green" variant="light">
                            −{formatMoney(offerDiscount)}
                          </Badge>
                        ) : null}
                      </Group>
                    }
                    description={!applicable ? state?.reason : undefined}
                    data-testid={`offer-${o.id}`}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {openFreeService ? (
          <Select
            label="Free service"
            placeholder={picked.length === 0 ? 'Pick an additional service first' : 'The first one picked'}
            data={picked.map((l) => ({ value: String(l.itemId), label: l.serviceName }))}
            value={props.freeServiceId ? String(props.freeServiceId) : null}
            onChange={(v) => props.onFreeService(v ? Number(v) : null)}
            disabled={!active || picked.length === 0}
            clearable
            maw={320}
          />
        ) : null}
        <CouponInput
          key={props.couponCode ?? ''}
          couponCode={props.couponCode ?? null}
          state={quote.states.coupon}
          active={active}
          onCoupon={props.onCoupon}
        />
      </Stack>
    </Card>
  );
}

function CouponInput({
  couponCode,
  state,
  active,
  onCoupon,
}: {
  couponCode: string | null;
  state: Quote['states']['coupon'];
  active: boolean;
  onCoupon: (code: string | null) => void;
}) {
  const [typed, setTyped] = useState(couponCode ?? '');
  const apply = () => onCoupon(typed.trim() === '' ? null : typed.trim().toUpperCase());
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Coupon code"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          maxLength={40}
          disabled={!active}
          w={200}
        />
        <Button variant="light" onClick={apply} disabled={!active || typed.trim() === ''}>
          Apply coupon
        </Button>
        {couponCode ? (
          <Button
            variant="subtle"
            color="gray"
            disabled={!active}
            onClick={() => {
              setTyped('');
              onCoupon(null);
            }}
          >
            Remove coupon
          </Button>
        ) : null}
      </Group>
      {state ? (
        <Text
          size="sm"
          c={state.applied ? 'green.8' : state.found ? 'yellow.9' : 'red.8'}
          data-testid="coupon-state"
          role="status"
        >
          {state.applied ? `Coupon ${state.code} applied: −${formatMoney(state.amount)}` : state.reason}
        </Text>
      ) : null}
    </Stack>
  );
}
