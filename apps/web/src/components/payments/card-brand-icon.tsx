import { CARD_BRAND_LABELS, type CardBrandValue } from '@reach/contract/payments';
import { IconCreditCard } from '@tabler/icons-react';

/**
 * The card brand marks of spec §9: visa, mastercard, american_express, discover, else a generic card. Drawn
 * as small flat badges in each brand's colours (no trademark artwork is bundled).
 */
export function CardBrandIcon({ brand, size = 36 }: { brand: CardBrandValue | string; size?: number }) {
  const label = CARD_BRAND_LABELS[brand as CardBrandValue] ?? 'Card';
  const height = Math.round((size * 24) / 38);
  const common = { width: size, height, viewBox: '0 0 38 24', role: 'img' } as const;
  switch (brand) {
    case 'visa':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="38" height="24" rx="4" fill="#1A1F71" />
          <text
            x="19"
            y="16.5"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, sans-serif"
            fontSize="11"
            fontWeight="700"
            fontStyle="italic"
            letterSpacing="0.5"
          >
            VISA
          </text>
        </svg>
      );
    case 'mastercard':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="38" height="24" rx="4" fill="#252525" />
          <circle cx="15" cy="12" r="7" fill="#EB001B" />
          <circle cx="23" cy="12" r="7" fill="#F79E1B" />
          <path d="M19 6.4a7 7 0 0 1 0 11.2a7 7 0 0 1 0-11.2z" fill="#FF5F00" />
        </svg>
      );
    case 'american_express':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect width="38" height="24" rx="4" fill="#2E77BC" />
          <text
            x="19"
            y="15.5"
            textAnchor="middle"
            fill="#fff"
            fontFamily="Arial, sans-serif"
            fontSize="8.5"
            fontWeight="700"
            letterSpacing="0.4"
          >
            AMEX
          </text>
        </svg>
      );
    case 'discover':
      return (
        <svg {...common}>
          <title>{label}</title>
          <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#D0D4DB" />
          <text x="4" y="14.5" fill="#231F20" fontFamily="Arial, sans-serif" fontSize="5.6" fontWeight="700">
            DISC
          </text>
          <circle cx="20.6" cy="12.6" r="2.9" fill="#F48120" />
          <text
            x="23.8"
            y="14.5"
            fill="#231F20"
            fontFamily="Arial, sans-serif"
            fontSize="5.6"
            fontWeight="700"
          >
            VER
          </text>
        </svg>
      );
    default:
      return (
        <span
          role="img"
          aria-label={label}
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: size,
            height,
            borderRadius: 4,
            background: '#F1F3F5',
            border: '1px solid #D0D4DB',
            boxSizing: 'border-box',
          }}
        >
          <IconCreditCard size={Math.round(height * 0.75)} color="#868E96" aria-hidden />
        </span>
      );
  }
}

/** "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${CARD_BRAND_LABELS[card.brand as CardBrandValue] ?? 'Card'} •••• ${card.last4}`;
}

/** "12/28". */
export function cardExpiry(card: { exp_month: number; exp_year: number }): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}

/** The brand a typed card number will be, from its first digits (for the icon while typing). */
export function brandOfTypedNumber(digits: string): CardBrandValue {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'american_express';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return 'unknown';
}
