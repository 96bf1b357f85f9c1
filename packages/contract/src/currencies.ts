/**
 * ISO 4217 currencies and their minor units, without zod: a page that needs only these does not evaluate the
 * contract's schemas (attribution.ts, which re-exports them). The contract's one source for them.
 */

/**
 * Active ISO 4217 currency codes with their minor-unit exponent when it is not 2 (`0`: no minor unit, `3`:
 * thousandths). Funds and precious-metal codes (XAU, XDR, …) are left out: no shop sells in them.
 */
const CURRENCY_EXPONENTS: Record<string, 0 | 2 | 3> = {};
for (const code of (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF ' +
  'CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG ' +
  'HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR ' +
  'MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK ' +
  'SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD ' +
  'XCG YER ZAR ZMW ZWG'
).split(' '))
  CURRENCY_EXPONENTS[code] = 2;
for (const code of 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' '))
  CURRENCY_EXPONENTS[code] = 0;
for (const code of 'BHD IQD JOD KWD LYD OMR TND'.split(' ')) CURRENCY_EXPONENTS[code] = 3;
export const CURRENCIES: readonly string[] = Object.keys(CURRENCY_EXPONENTS).sort();

/** Decimal places of a currency's minor unit (ISO 4217), or undefined for an unknown code. */
export function currencyExponent(code: string): 0 | 2 | 3 | undefined {
  return CURRENCY_EXPONENTS[code];
}

/** Integer minor units → the decimal string of the currency (4990, USD → "49.90"). */
export function fromMinorUnits(minor: number, currency: string): string {
  const exponent = currencyExponent(currency) ?? 2;
  if (exponent === 0) return String(minor);
  const text = String(minor).padStart(exponent + 1, '0');
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}
